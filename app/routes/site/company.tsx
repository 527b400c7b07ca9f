import { Sparkles } from "lucide-react";
import { FormatIcon } from "~/components/site/format-icon";
import { Hero } from "~/components/site/hero";
import { ContactCall } from "~/components/site/contact-call";
import { Section } from "~/components/site/section";
import { getPageContent } from "~/domains/content/content.server";
import { heroPageMeta } from "~/utils/seo";
import type { Route } from "./+types/company";

export async function loader() {
  return { content: await getPageContent({ category: "entreprise" }) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  heroPageMeta({
    matches,
    hero: data?.content.hero,
    fallbackTitle: "La boxe en entreprise",
    path: "/entreprise",
  });

export default function Company({ loaderData }: Route.ComponentProps) {
  const { hero, main, flexibility, cta } = loaderData.content;
  return (
    <>
      <Hero
        title={hero.title}
        subtitle={hero.subtitle}
        primaryText={cta.buttonText}
        primaryLink="/contact"
        fullHeight={false}
      />

      <Section title={main.title}>
        <p className="mx-auto -mt-4 mb-12 max-w-3xl text-center text-lg leading-relaxed text-gray-700">
          {main.text}
        </p>
        <ul className="grid gap-6 md:grid-cols-3">
          {main.features.map((feature, index) => (
            <li key={index}>
              <article className="h-full rounded-2xl border-t-4 border-teal bg-gray-50 p-7 shadow-sm ring-1 ring-ink/5">
                <span className="flex size-14 items-center justify-center rounded-xl bg-ink text-teal">
                  <FormatIcon name={feature.icon} />
                </span>
                <h3 className="mt-5 text-2xl uppercase">{feature.title}</h3>
                <p className="mt-3 leading-relaxed text-gray-700">{feature.text}</p>
              </article>
            </li>
          ))}
        </ul>

        <aside
          aria-labelledby="flexibility-title"
          className="relative mt-14 overflow-hidden rounded-3xl bg-gold p-8 text-ink shadow-xl md:p-12"
        >
          <Sparkles
            aria-hidden="true"
            className="absolute -right-6 -top-6 size-40 text-ink/10"
            strokeWidth={1.5}
          />
          <h2 id="flexibility-title" className="relative text-3xl uppercase md:text-4xl">
            {flexibility.title}
          </h2>
          <p className="relative mt-4 max-w-3xl text-lg leading-relaxed">{flexibility.text}</p>
        </aside>
      </Section>

      <ContactCall text={cta.text} buttonText={cta.buttonText} />
    </>
  );
}
