import { CircleCheck, CircleMinus } from "lucide-react";
import { formatEuros } from "~/content/money";
import { PRICE_AUDIENCE_KEYS, PRICE_AUDIENCES, type PriceAudience } from "~/content/price-schema";

/* The club's prices on /tarifs: cards grouped by audience, each saying what it includes. */

/** What a price's card and the printable table show of it. */
export interface PublicPrice {
  id: number;
  label: string;
  audience: PriceAudience;
  amount_cents: number;
  includes_licence: boolean;
  includes_insurance: boolean;
  notes: string;
}

/** The prices by audience, in the order of PRICE_AUDIENCES; empty groups left out. */
export function groupByAudience<T extends { audience: PriceAudience }>(prices: readonly T[]) {
  return PRICE_AUDIENCE_KEYS.map((audience) => ({
    audience,
    title: PRICE_AUDIENCES[audience],
    prices: prices.filter((price) => price.audience === audience),
  })).filter((group) => group.prices.length > 0);
}

/** What the amount covers, said plainly both ways. */
export function priceIncludes(price: PublicPrice): { text: string; included: boolean }[] {
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

export function PriceList({ prices }: { prices: readonly PublicPrice[] }) {
  return (
    <div className="flex flex-col gap-10 md:gap-14">
      {groupByAudience(prices).map((group) => (
        <section key={group.audience} aria-labelledby={`tarifs-${group.audience}`}>
          <h3
            id={`tarifs-${group.audience}`}
            className="flex items-center gap-3 text-2xl uppercase text-ink md:text-3xl"
          >
            <span aria-hidden="true" className="h-6 w-1.5 rounded-full bg-gold" />
            {group.title}
          </h3>
          <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
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

function PriceCard({ price }: { price: PublicPrice }) {
  const titleId = `tarif-${price.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border-t-4 border-teal bg-white p-6 shadow-md ring-1 ring-ink/5"
    >
      <h4 id={titleId} className="text-xl uppercase leading-snug text-ink">
        {price.label}
      </h4>
      <p className="mt-3 font-display text-4xl text-ink">
        {formatEuros(price.amount_cents)}
        <span className="ml-1 font-sans text-base text-gray-700">par saison</span>
      </p>
      <ul className="mt-4 space-y-2 text-gray-800">
        {priceIncludes(price).map(({ text, included }) => (
          <li key={text} className="flex gap-2.5">
            {included ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-dark" />
            ) : (
              <CircleMinus aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gray-600" />
            )}
            <span>{text}</span>
          </li>
        ))}
      </ul>
      {price.notes && (
        <p className="mt-4 border-t border-gray-200 pt-3 text-sm text-gray-700">{price.notes}</p>
      )}
    </article>
  );
}
