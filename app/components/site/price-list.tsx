import { CircleCheck, CircleMinus } from "lucide-react";
import { formatEuros } from "~/core/money";
import {
  PRICE_AUDIENCE_KEYS,
  PRICE_AUDIENCES,
  type PriceAudience,
} from "~/domains/content/price-schema";
import type { Price } from "~/domains/content/price.server";

/* The club's prices on /tarifs: cards grouped by audience, each saying what it includes. */

/** The prices by audience, in the order of PRICE_AUDIENCES; empty groups left out. */
function groupByAudience<T extends { audience: PriceAudience }>(prices: readonly T[]) {
  return PRICE_AUDIENCE_KEYS.map((audience) => ({
    audience,
    title: PRICE_AUDIENCES[audience],
    prices: prices.filter((price) => price.audience === audience),
  })).filter((group) => group.prices.length > 0);
}

/** What the amount covers, said plainly both ways. */
export function priceIncludes(price: Price): { text: string; included: boolean }[] {
  return [
    {
      text: price.includes_licence ? "Licence FFBoxe incluse" : "Licence FFBoxe non incluse",
      included: price.includes_licence,
    },
    {
      text: price.includes_insurance ? "Assurance incluse" : "Assurance non incluse",
      included: price.includes_insurance,
    },
  ];
}

export function PriceList({ prices }: { prices: readonly Price[] }) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 md:gap-12">
      {groupByAudience(prices).map((group) => (
        <section key={group.audience} aria-labelledby={`tarifs-${group.audience}`}>
          <h3
            id={`tarifs-${group.audience}`}
            className="flex items-center gap-3 text-2xl uppercase text-ink md:text-3xl"
          >
            <span aria-hidden="true" className="h-6 w-1.5 rounded-full bg-gold" />
            {group.title}
          </h3>
          <ul className="mt-4 flex flex-col gap-4">
            {group.prices.map((price) => (
              <li key={price.id}>
                <PriceCard price={price} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** One price: on a phone its name, amount, then what it includes; on a wide screen, a row. */
function PriceCard({ price }: { price: Price }) {
  const titleId = `tarif-${price.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-3 rounded-2xl border-l-4 border-teal bg-white p-5 shadow-md ring-1 ring-ink/5 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-8 md:p-6"
    >
      <h4 id={titleId} className="text-xl uppercase leading-snug text-ink md:text-2xl">
        {price.label}
      </h4>
      <p className="flex items-baseline gap-1.5 sm:col-start-2 sm:row-span-3 sm:row-start-1 sm:flex-col sm:items-end sm:justify-center sm:gap-1">
        <span className="font-display text-4xl leading-none text-ink">
          {formatEuros(price.amount_cents)}
        </span>
        <span className="text-sm text-gray-700">par saison</span>
      </p>
      <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-gray-800 sm:col-start-1">
        {priceIncludes(price).map(({ text, included }) => (
          <li key={text} className="flex items-center gap-2">
            {included ? (
              <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
            ) : (
              <CircleMinus aria-hidden="true" className="size-5 shrink-0 text-gray-600" />
            )}
            <span>{text}</span>
          </li>
        ))}
      </ul>
      {price.notes && <p className="text-sm text-gray-700 sm:col-start-1">{price.notes}</p>}
    </article>
  );
}
