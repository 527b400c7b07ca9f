import { CreditCard, FileCheck2 } from "lucide-react";
import { ButtonLink } from "~/components/site/button-link";
import { CheckList } from "~/components/site/check-list";
import { PageHero } from "~/components/site/page-hero";
import { PricesButton } from "~/components/site/prices-button";
import { Section } from "~/components/site/section";
import { getPageContent } from "~/models/content.server";
import { getSettings } from "~/models/settings.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/prices";

/** Only a site path or a web address can be opened as the price list. */
function safePdfUrl(url: string): string {
  const trimmed = url.trim();
  return trimmed.startsWith("/") || /^https?:\/\//i.test(trimmed) ? trimmed : "";
}

export async function loader() {
  const [content, pdf] = await Promise.all([
    getPageContent({ category: "tarifs" }),
    getSettings({ category: "tarifs_pdf" }),
  ]);
  return { content, pdfUrl: safePdfUrl(pdf.url) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta({
    matches,
    title: data?.content.hero.title ?? "Tarifs et adhésion",
    description: data?.content.hero.metaDescription ?? "",
    path: "/tarifs",
  });

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { content, pdfUrl } = loaderData;
  const { hero, documents, payment, contact } = content;
  return (
    <>
      <PageHero title={hero.title} subtitle={hero.subtitle} accent="gold">
        <div className="mt-10">
          <PricesButton pdfUrl={pdfUrl} />
        </div>
      </PageHero>

      <Section className="bg-gray-50!">
        <div className="grid gap-6 md:grid-cols-2">
          <section
            aria-labelledby="documents-titre"
            className="rounded-3xl border-t-4 border-teal bg-white p-7 shadow-md ring-1 ring-ink/5 md:p-9"
          >
            <h2
              id="documents-titre"
              className="flex items-center gap-4 text-2xl uppercase md:text-3xl"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-ink text-teal">
                <FileCheck2 aria-hidden="true" className="size-6" />
              </span>
              {documents.title}
            </h2>
            <CheckList items={documents.items} className="mt-6 text-gray-800" />
          </section>
          <section
            aria-labelledby="paiement-titre"
            className="rounded-3xl border-t-4 border-gold bg-ink p-7 text-white shadow-md md:p-9"
          >
            <h2
              id="paiement-titre"
              className="flex items-center gap-4 text-2xl uppercase md:text-3xl"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-gold text-ink">
                <CreditCard aria-hidden="true" className="size-6" />
              </span>
              {payment.title}
            </h2>
            <CheckList items={payment.items} markClassName="text-gold" className="mt-6" />
          </section>
        </div>
      </Section>

      <Section tone="dark" className="border-t-4 border-gold">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-xl leading-relaxed md:text-2xl">{contact.text}</p>
          <ButtonLink to="/contact" variant="gold" className="mt-8">
            {contact.buttonText}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
