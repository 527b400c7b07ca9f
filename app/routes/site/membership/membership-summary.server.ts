import { draftProblems, memberName } from "~/domains/membership/membership-draft-check";
import { seasonDiscounts } from "~/domains/membership/season.server";
import { medicalThing, priceDraft } from "~/domains/membership/submit.server";
import { fullTariffIds } from "~/domains/membership/tariff-places.server";
import { priceTariffs, type DraftContext } from "./membership.server";

/*
 * The summary of a draft (step e, and the payment step's reminder): each member, tariff,
 * the club's and the licence's parts, the reductions, the total — all from priceFile()
 * (priceDraft) — and what is still to hand over; plus what stops the file from being sent.
 */

export type SummaryLine = {
  key: string;
  name: string;
  tariff: string;
  clubCents: number;
  licenceCents: number;
  householdDiscountCents: number;
  passSportCents: number;
  totalCents: number;
  waiting: boolean;
  handOver: string[];
};

export async function draftSummary(ctx: DraftContext, { payment = false } = {}) {
  const [discounts, full] = await Promise.all([
    seasonDiscounts(ctx.season.id),
    fullTariffIds(ctx.tariffs),
  ]);
  const problems = draftProblems(ctx.draft, priceTariffs(ctx.tariffs), ctx.check, ctx.today, {
    payment,
  });
  const price = problems.some((p) => p.step === "membres")
    ? null
    : priceDraft(ctx.draft, ctx.tariffs, ctx.season, discounts);
  const lines: SummaryLine[] = price
    ? ctx.draft.members.map((member, i) => {
        const tariff = ctx.tariffs.find((t) => t.id === member.tariffId)!;
        const line = price.members[i]!;
        const waiting = full.has(tariff.id);
        return {
          key: member.key,
          name: memberName(member),
          tariff: tariff.label,
          clubCents: line.clubCents,
          licenceCents: line.licenceCents,
          householdDiscountCents: line.householdDiscountCents,
          passSportCents: line.passSportCents,
          totalCents: line.totalCents,
          waiting,
          handOver: [
            medicalThing(tariff.medical_rule),
            ...(member.passSportCode ? ["le courrier du Pass'Sport (code à vérifier)"] : []),
          ],
        };
      })
    : [];
  const dueCents = lines.filter((l) => !l.waiting).reduce((sum, l) => sum + l.totalCents, 0);
  return { lines, totalCents: price?.totalCents ?? 0, dueCents, problems };
}
