import { CreditCard, FileCheck2, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CheckList } from "~/components/site/check-list";
import { PageHero } from "~/components/site/page-hero";
import { PriceList } from "~/components/site/price-list";
import { PricesButton } from "~/components/site/prices-button";
import { ContactCall } from "~/components/site/contact-call";
import { Section } from "~/components/site/section";
import { cn } from "~/components/ui/cn";
import { getPageContent } from "~/domains/content/content.server";
import { getPublishedPrices } from "~/domains/content/price.server";
import { getSettings } from "~/domains/content/settings.server";
import { heroPageMeta } from "~/utils/seo";
import type { Route } from "./+types/prices";

/** Only a site path or a web address can be opened as the price list. */
function safePdfUrl(url: string): string {
  const trimmed = url.trim();
  return trimmed.startsWith("/") || /^https?:\/\//i.test(trimmed) ? trimmed : "";
}

export async function loader() {
  const [content, pdf, prices] = await Promise.all([
    getPageContent({ category: "tarifs" }),
    getSettings({ category: "tarifs_pdf" }),
    getPublishedPrices(),
  ]);
  return { content, pdfUrl: safePdfUrl(pdf.url), prices };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  heroPageMeta({
    matches,
    hero: data?.content.hero,
    fallbackTitle: "Tarifs et adhésion",
    path: "/tarifs",
  });

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { content, pdfUrl, prices } = loaderData;
  const { hero, documents, payment, contact } = content;
  return (
    <>
      <PageHero title={hero.title} subtitle={hero.subtitle} accent="gold">
        <div className="mt-10">
          <PricesButton pdfUrl={pdfUrl} />
        </div>
      </PageHero>

      {/* The prices first: parents come for them (DESIGN.md, departures from the spec). */}
      {prices.length > 0 && (
        <Section
          id="tarifs"
          title="Nos tarifs"
          subtitle="Le prix de l'adhésion pour la saison, selon l'âge et la pratique."
        >
          <PriceList prices={prices} />
        </Section>
      )}

      <Section className="bg-gray-50!">
        <div className="grid gap-6 md:grid-cols-2">
          <ListCard
            titleId="documents-titre"
            title={documents.title}
            icon={FileCheck2}
            className="border-teal bg-white ring-1 ring-ink/5"
            iconClassName="bg-ink text-teal"
          >
            <CheckList items={documents.items} className="mt-6 text-gray-800" />
          </ListCard>
          <ListCard
            titleId="paiement-titre"
            title={payment.title}
            icon={CreditCard}
            className="border-gold bg-ink text-white"
            iconClassName="bg-gold text-ink"
          >
            <CheckList items={payment.items} markClassName="text-gold" className="mt-6" />
          </ListCard>
        </div>
      </Section>

      <ContactCall
        text={contact.text}
        buttonText={contact.buttonText}
        className="border-t-4 border-gold"
      />
    </>
  );
}

/** One of the page's two cards: its title beside an icon, then its list. */
function ListCard({
  titleId,
  title,
  icon: Icon,
  className,
  iconClassName,
  children,
}: {
  titleId: string;
  title: string;
  icon: LucideIcon;
  className: string;
  iconClassName: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn("rounded-3xl border-t-4 p-7 shadow-md md:p-9", className)}
    >
      <h2 id={titleId} className="flex items-center gap-4 text-2xl uppercase md:text-3xl">
        <span
          className={cn(
            "flex size-12 shrink-0 items-center justify-center rounded-xl",
            iconClassName,
          )}
        >
          <Icon aria-hidden="true" className="size-6" />
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
