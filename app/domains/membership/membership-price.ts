/*
 * What a household's file costs (docs/decisions/024-membership.md): the one
 * computation the public form, the desk, the exports and the attestations share. Pure:
 * integer cents in, integer cents out.
 *
 * - A tariff fits a member by practice and birth year (its band; a missing bound is open).
 * - The household reduction: the rule with the highest rank ≤ the member's rank in the
 *   file applies (rank 1 is the first member typed). It comes off the club's part only:
 *   the licence's part goes to the federation whole.
 * - Pass'Sport: the season's amount, off what is left; a manual reduction (the treasurer,
 *   with a reason) after it. No line goes below zero.
 */

export type PriceTariff = {
  id: number;
  practice: string;
  birthYearMin: number | null;
  birthYearMax: number | null;
  clubCents: number;
  licenceCents: number;
};

export type HouseholdDiscount = { nthMember: number; amountCents: number };

export type MemberPriceInput = {
  tariff: PriceTariff;
  /** Whether the family gave a Pass'Sport code for this member. */
  passSport: boolean;
  manualDiscountCents?: number;
};

export type MemberPrice = {
  rank: number;
  tariffId: number;
  clubCents: number;
  licenceCents: number;
  householdDiscountCents: number;
  passSportCents: number;
  manualDiscountCents: number;
  totalCents: number;
};

export type FilePrice = { members: MemberPrice[]; totalCents: number };

export function fitsTariff(tariff: PriceTariff, birthYear: number, practice?: string): boolean {
  if (practice !== undefined && tariff.practice !== practice) return false;
  if (tariff.birthYearMin !== null && birthYear < tariff.birthYearMin) return false;
  if (tariff.birthYearMax !== null && birthYear > tariff.birthYearMax) return false;
  return true;
}

/** The tariffs open to someone born in this year (for this practice when given), in order. */
export function tariffsFor<T extends PriceTariff>(
  tariffs: readonly T[],
  birthYear: number,
  practice?: string,
): T[] {
  return tariffs.filter((tariff) => fitsTariff(tariff, birthYear, practice));
}

/** The household reduction for the member of this rank (1-based) in the file. */
export function householdDiscountFor(
  discounts: readonly HouseholdDiscount[],
  rank: number,
): number {
  let best: HouseholdDiscount | undefined;
  for (const discount of discounts) {
    if (discount.nthMember <= rank && (!best || discount.nthMember > best.nthMember)) {
      best = discount;
    }
  }
  return best?.amountCents ?? 0;
}

export function priceFile(
  members: readonly MemberPriceInput[],
  season: { passSportCents: number; discounts: readonly HouseholdDiscount[] },
): FilePrice {
  const lines = members.map((member, index): MemberPrice => {
    const rank = index + 1;
    const { clubCents, licenceCents } = member.tariff;
    const householdDiscountCents = Math.min(
      clubCents,
      Math.max(0, householdDiscountFor(season.discounts, rank)),
    );
    let left = clubCents + licenceCents - householdDiscountCents;
    const passSportCents = member.passSport ? Math.min(left, season.passSportCents) : 0;
    left -= passSportCents;
    const manualDiscountCents = Math.min(left, Math.max(0, member.manualDiscountCents ?? 0));
    left -= manualDiscountCents;
    return {
      rank,
      tariffId: member.tariff.id,
      clubCents,
      licenceCents,
      householdDiscountCents,
      passSportCents,
      manualDiscountCents,
      totalCents: left,
    };
  });
  return { members: lines, totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0) };
}

/** A file's reference: ADH-2026-042 (the season's first year, its number in the season). */
export function fileReference(seasonStartYear: number, number: number): string {
  return `ADH-${seasonStartYear}-${String(number).padStart(3, "0")}`;
}

/** Age in whole years on a day (both YYYY-MM-DD). */
export function ageOn(birthDate: string, day: string): number {
  const born = Number(birthDate.replaceAll("-", ""));
  const on = Number(day.replaceAll("-", ""));
  // YYYYMMDD numbers: the whole ten-thousands between them are the years.
  return Math.floor((on - born) / 10000);
}

/** A minor at the season's start: guardians and authorisations are asked. */
export function isMinorOn(birthDate: string, day: string): boolean {
  return ageOn(birthDate, day) < 18;
}
