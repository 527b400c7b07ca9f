import { redirect } from "react-router";
import { actorOf } from "~/domains/history/activity-log.server";
import {
  chequesToDeposit,
  currentMonth,
  depositSlip,
  markDeposited,
  monthsToDeposit,
  recentSlips,
} from "~/domains/membership/cheques.server";
import { undoDeposit } from "~/domains/membership/cheque-returns.server";
import { DeskConfirmation, DeskError, MONTH_PATTERN } from "~/domains/membership/desk.server";
import { newDeskKey, recordOnce } from "~/domains/membership/desk-once.server";
import { ALL_MONTHS, CHEQUE_MONTH_PARAM } from "~/domains/membership/membership-desk";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { positiveId, readForm } from "~/core/form";
import { countLabel, readPage } from "~/utils/list-params";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";

/*
 * The loader and the POSTs of « Chèques à déposer » (/admin/adhesions/cheques).
 * - ?mois=2026-10 shows one month, ?mois=tous all of them; without it, the current month.
 * - The deposit and the undoing of a slip each run once per page key (desk-once.server.ts).
 *   A deposit with cheques promised for a later month is refused until confirmed
 *   (confirmLater); the refusal keeps the ticked cheques (`ids`) for a page drawn anew.
 */

export async function membershipChequesLoader(request: Request) {
  await requireCapability(request, "registrations");
  const params = new URL(request.url).searchParams;
  const stamp = params.get("remise") ?? "";
  const asked = params.get(CHEQUE_MONTH_PARAM) ?? "";
  const month =
    asked === ALL_MONTHS ? null : MONTH_PATTERN.test(asked) ? asked : currentMonth(new Date());
  const months = await monthsToDeposit();
  if (month !== null && !months.some((m) => m.month === month)) {
    months.push({ month, count: 0, totalCents: 0 });
    months.sort((a, b) => a.month.localeCompare(b.month));
  }
  return {
    months,
    month,
    cheques: await chequesToDeposit({ month, page: readPage(params) }),
    slips: await recentSlips(),
    slip: stamp ? { stamp, cheques: await depositSlip(stamp) } : null,
    deskKey: newDeskKey(),
  };
}

export async function membershipChequesAction(request: Request, context?: RequestContext) {
  const session = await requireCapability(request, "registrations");
  const form = await readForm(request);
  const intent = form.get("intent");
  const formId = intent === "deposit" ? "deposit" : "undo-deposit";
  const fail = (message: string, extra: object = {}) =>
    toastResult({ type: "error", message }, { error: message, form: formId, ...extra }, 400);
  const actor = actorOf(session, getClientIp(context));
  const key = String(form.get("deskKey") ?? "");
  try {
    if (intent === "deposit") {
      const ids = form.getAll("ids").map((value) => positiveId(value));
      if (ids.some((id) => id === null)) return fail("Un des chèques cochés n'existe pas.");
      try {
        const stamp = await recordOnce({ key, form: "cheques/deposit" }, () =>
          markDeposited(actor, ids as number[], {
            laterConfirmed: form.get("confirmLater") === "1",
          }),
        );
        return redirect(`/admin/adhesions/cheques?remise=${encodeURIComponent(stamp)}#bordereau`);
      } catch (caught) {
        if (!(caught instanceof DeskConfirmation)) throw caught;
        return fail(caught.message, { confirm: caught.field, ids });
      }
    }
    if (intent === "undo-deposit") {
      const stamp = String(form.get("remise") ?? "");
      const count = await recordOnce({ key, form: `cheques/undo/${stamp}` }, () =>
        undoDeposit(actor, stamp),
      );
      return toastResult(
        {
          type: "success",
          message: `Remise annulée : ${countLabel(count, "chèque")} de nouveau à déposer.`,
        },
        { form: formId },
      );
    }
    return fail("Action inconnue");
  } catch (caught) {
    if (caught instanceof DeskError) return fail(caught.message);
    throw caught;
  }
}
