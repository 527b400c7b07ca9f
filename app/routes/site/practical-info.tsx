import { HeartPulse, Info, ScrollText, Shirt, type LucideIcon } from "lucide-react";
import { ButtonLink } from "~/components/site/button-link";
import { CheckList } from "~/components/site/check-list";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { getPageContent } from "~/domains/content/content.server";
import { heroPageMeta } from "~/utils/seo";
import type { Route } from "./+types/practical-info";

export async function loader() {
  return { content: await getPageContent({ category: "infos" }) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  heroPageMeta({
    matches,
    hero: data?.content.hero,
    fallbackTitle: "Infos pratiques",
    path: "/infos-pratiques",
  });

export default function PracticalInfo({ loaderData }: Route.ComponentProps) {
  const { hero, equipment, rules, health, useful } = loaderData.content;
  const blocks: { id: string; icon: LucideIcon; title: string; items: string[]; accent: string }[] =
    [
      {
        id: "equipement",
        icon: Shirt,
        title: equipment.title,
        items: equipment.items,
        accent: "border-teal",
      },
      {
        id: "reglement",
        icon: ScrollText,
        title: rules.title,
        items: rules.items,
        accent: "border-gold",
      },
      {
        id: "sante",
        icon: HeartPulse,
        title: health.title,
        items: health.items,
        accent: "border-gold",
      },
      {
        id: "bon-a-savoir",
        icon: Info,
        title: useful.title,
        items: useful.items,
        accent: "border-teal",
      },
    ];
  return (
    <>
      <PageHero title={hero.title} subtitle={hero.subtitle} accent="teal" />
      <Section className="bg-gray-50!">
        <div className="grid gap-6 md:grid-cols-2">
          {blocks.map(({ id, icon: Icon, title, items, accent }) => (
            <section
              key={id}
              id={id}
              aria-labelledby={`${id}-titre`}
              className={`rounded-3xl border-t-4 bg-white p-7 shadow-md ring-1 ring-ink/5 md:p-9 ${accent}`}
            >
              <h2
                id={`${id}-titre`}
                className="flex items-center gap-4 text-2xl uppercase md:text-3xl"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-ink text-teal">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                {title}
              </h2>
              <CheckList items={items} className="mt-6 text-gray-800" />
            </section>
          ))}
        </div>
        <div className="mt-12 flex flex-col justify-center gap-4 sm:flex-row">
          <ButtonLink to="/inscription" variant="dark">
            Inscription
          </ButtonLink>
          <ButtonLink to="/contact" variant="outline-dark">
            Contact
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
