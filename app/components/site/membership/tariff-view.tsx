import { formatEuros } from "~/core/money";
import { PRACTICES, type Practice } from "~/domains/membership/membership";

/* A tariff as the family reads it: the price, the licence's part apart, what it includes. */

export type TariffView = {
  id: number;
  label: string;
  practice: string;
  clubCents: number;
  licenceCents: number;
  includes: string;
  full: boolean;
  medicalText: string;
};

export function practiceLabel(practice: string): string {
  return PRACTICES[practice as Practice] ?? practice;
}

export function TariffFacts({ tariff }: { tariff: TariffView }) {
  return (
    <span className="block text-sm font-normal text-gray-700">
      <strong className="text-base text-ink">
        {formatEuros(tariff.clubCents + tariff.licenceCents)}
      </strong>{" "}
      dont licence FFBoxe {formatEuros(tariff.licenceCents)} (part du club{" "}
      {formatEuros(tariff.clubCents)}) · {practiceLabel(tariff.practice)}
      {tariff.includes ? <span className="block">{tariff.includes}</span> : null}
      {tariff.full ? (
        <span className="mt-1 block font-semibold text-red-800">complet : liste d'attente</span>
      ) : null}
    </span>
  );
}
