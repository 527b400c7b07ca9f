import { formatEuros } from "~/core/money";
import type { SummaryLine } from "~/routes/site/membership/membership-summary.server";

/* The file's lines as the family reads them: one card per member, then the total. */

function Row({ label, cents, minus = false }: { label: string; cents: number; minus?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="shrink-0 tabular-nums">
        {minus ? "− " : ""}
        {formatEuros(cents)}
      </dd>
    </div>
  );
}

export function SummaryTable({ lines, dueCents }: { lines: SummaryLine[]; dueCents: number }) {
  return (
    <div className="grid gap-4">
      {lines.map((line) => (
        <section
          key={line.key}
          className="grid gap-3 rounded-2xl bg-white p-5 ring-1 ring-ink/10"
          aria-label={line.name}
        >
          <h3 className="text-xl text-ink">{line.name}</h3>
          <p className="text-gray-700">{line.tariff}</p>
          {line.waiting ? (
            <p className="font-semibold text-red-800">
              Complet : liste d'attente. Rien à payer tant qu'une place ne lui est pas donnée.
            </p>
          ) : null}
          <dl className="grid gap-1">
            <Row label="Part du club" cents={line.clubCents} />
            <Row label="Licence FFBoxe" cents={line.licenceCents} />
            {line.householdDiscountCents > 0 ? (
              <Row label="Réduction famille" cents={line.householdDiscountCents} minus />
            ) : null}
            {line.passSportCents > 0 ? (
              <Row label="Pass'Sport" cents={line.passSportCents} minus />
            ) : null}
            <div className="flex justify-between gap-4 border-t border-gray-200 pt-1 font-semibold">
              <dt>Pour {line.name}</dt>
              <dd className="tabular-nums">{formatEuros(line.totalCents)}</dd>
            </div>
          </dl>
          <p className="text-sm text-gray-700">À remettre au club : {line.handOver.join(" ; ")}.</p>
        </section>
      ))}
      <p className="flex justify-between rounded-2xl bg-ink p-5 text-xl font-semibold text-white">
        <span>Total à payer</span>
        <span className="tabular-nums">{formatEuros(dueCents)}</span>
      </p>
    </div>
  );
}
