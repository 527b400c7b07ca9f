import type { ReactNode } from "react";
import { LabelledSection } from "~/components/site/labelled-section";
import { priceIncludes } from "~/components/site/price-list";
import { PrintButton } from "~/components/site/print-button";
import { SiteScript } from "~/components/site/site-script-tag";
import { telHref } from "~/components/site/site-footer";
import { getPageContent } from "~/domains/content/content.server";
import { formatEuros } from "~/core/money";
import { PRICE_AUDIENCES } from "~/domains/content/price-schema";
import { getPublishedPrices } from "~/domains/content/price.server";
import { getAllSettings } from "~/domains/content/settings.server";
import type { Route } from "./+types/prices-print";

// A public page without React in the browser, like the site layout's (ADR 006): the site
// script makes its print button work; a client navigation to it becomes a document load.
export const handle = { hydrate: false };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

/*
 * The printable price information opened by the prices button when no PDF is set
 * (spec §5): the club's prices, documents to provide and payment modes, on a bare page
 * made for paper.
 */
export async function loader() {
  const [content, settings, prices] = await Promise.all([
    getPageContent({ category: "tarifs" }),
    getAllSettings(),
    getPublishedPrices(),
  ]);
  return {
    content,
    prices,
    general: settings.general,
    address: settings.address,
    logoUrl: settings.logo.url,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: `${data?.content.hero.title ?? "Tarifs et adhésion"} | ${data?.general.siteName ?? ""}`,
  },
  { name: "robots", content: "noindex" },
];

/** A titled part of the sheet. */
function PrintSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <LabelledSection id={id} title={title} className="mt-8" titleClassName="text-2xl uppercase">
      {children}
    </LabelledSection>
  );
}

/** A titled list of the sheet (the documents to bring, the ways to pay). */
function PrintList({ id, list }: { id: string; list: { title: string; items: string[] } }) {
  return (
    <PrintSection id={id} title={list.title}>
      <ul className="mt-3 list-disc space-y-1.5 pl-6">
        {list.items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </PrintSection>
  );
}

export default function PricesPrint({ loaderData }: Route.ComponentProps) {
  const { content, prices, general, address, logoUrl } = loaderData;
  const { hero, documents, payment } = content;
  return (
    <main className="mx-auto max-w-3xl px-6 py-10 print:max-w-none print:p-0">
      <SiteScript />
      <header className="flex items-center gap-4 border-b-4 border-gold pb-6">
        {logoUrl && (
          <img
            src={logoUrl}
            alt=""
            width={64}
            height={64}
            className="size-16 rounded-full object-contain"
          />
        )}
        <div>
          <p className="font-display text-xl uppercase tracking-wide">{general.siteName}</p>
          <p className="text-sm text-gray-700">
            {address.street}, {address.postalCode} {address.city}
          </p>
        </div>
      </header>

      <h1 className="mt-8 text-4xl uppercase">{hero.title}</h1>
      <p className="mt-3 text-gray-700">{hero.subtitle}</p>

      {prices.length > 0 && (
        <PrintSection id="print-prices" title="Nos tarifs">
          <table className="mt-3 w-full border-collapse text-left">
            <caption className="sr-only">Tarifs de la saison par formule</caption>
            <thead>
              <tr className="border-b-2 border-ink">
                {["Formule", "Public", "Comprend"].map((column) => (
                  <th key={column} scope="col" className="py-2 pr-3">
                    {column}
                  </th>
                ))}
                <th scope="col" className="py-2 text-right">
                  Tarif
                </th>
              </tr>
            </thead>
            <tbody>
              {prices.map((price) => (
                <tr
                  key={price.id}
                  className="break-inside-avoid border-b border-gray-300 align-top"
                >
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    {price.label}
                    {price.notes && (
                      <span className="block text-sm font-normal text-gray-700">{price.notes}</span>
                    )}
                  </th>
                  <td className="py-2 pr-3">{PRICE_AUDIENCES[price.audience]}</td>
                  <td className="py-2 pr-3 text-sm">
                    {priceIncludes(price)
                      .map(({ text }) => text)
                      .join(", ")}
                  </td>
                  <td className="py-2 text-right font-semibold whitespace-nowrap">
                    {formatEuros(price.amount_cents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </PrintSection>
      )}

      <PrintList id="print-documents" list={documents} />
      <PrintList id="print-payment" list={payment} />

      <footer className="mt-10 border-t border-gray-300 pt-6 text-sm text-gray-700">
        <p>
          {general.siteName} ·{" "}
          <a href={telHref(general.phoneNumber)} className="underline">
            {general.phoneNumber}
          </a>{" "}
          ·{" "}
          <a href={`mailto:${general.email}`} className="underline">
            {general.email}
          </a>
        </p>
      </footer>

      <div className="mt-10">
        <PrintButton label="Imprimer" />
      </div>
    </main>
  );
}
