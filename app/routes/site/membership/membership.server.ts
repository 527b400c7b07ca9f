import { data, redirect } from "react-router";
import { filePath } from "./membership-paths";
import { parisToday } from "~/core/club-time";
import type { MembershipDraft } from "~/domains/membership/membership";
import type { CheckSeason } from "~/domains/membership/membership-draft-check";
import { chequeMonths } from "~/domains/membership/membership-form";
import { cardPaymentOn } from "~/domains/membership/helloasso/config.server";
import { openFile, saveDraft, type OpenFile } from "~/domains/membership/file-draft.server";
import { priceTariff, seasonTariffs, type TariffRow } from "~/domains/membership/season.server";

/*
 * What the pages of /adhesion/dossier/:token/... share on the server: the file
 * the link opens (a 404 for an unknown link: nothing says whether a file exists), the
 * steps that only work while it is a draft (a sent file's step answers its page, which
 * says it was sent), and the header keeping these private pages out of every cache.
 */

export const MEMBERSHIP_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

export const MEMBERSHIP_NOT_FOUND = "Dossier introuvable";

export { filePath };

export async function requireFile(token: string | undefined): Promise<OpenFile> {
  const open = token ? await openFile(token) : null;
  if (!open) throw data(MEMBERSHIP_NOT_FOUND, { status: 404 });
  return open;
}

export type DraftContext = OpenFile & {
  token: string;
  tariffs: TariffRow[];
  today: string;
  months: string[];
  check: CheckSeason;
};

/**
 * How long after a file's sending the same « Envoyer » posted again (a double tap without
 * script, a resend) is the same sending: it lands on the same confirmation.
 */
export const RESEND_WINDOW_MS = 10 * 60_000;

/** The page of a file already sent: its confirmation just after, else « déjà envoyé ». */
export function sentFilePage(
  token: string,
  file: { submitted_at: string | null },
  { resend = false, now = new Date() }: { resend?: boolean; now?: Date } = {},
) {
  const sentAt = file.submitted_at ? Date.parse(file.submitted_at) : NaN;
  const same = resend && now.getTime() - sentAt <= RESEND_WINDOW_MS;
  return `${filePath(token)}?${same ? "envoye" : "deja"}=1`;
}

/**
 * A draft's step: its file, season, tariffs; a sent file goes to its page (`resend`: the
 * sending step itself, posted again).
 */
export async function requireDraft(
  token: string | undefined,
  { resend = false }: { resend?: boolean } = {},
): Promise<DraftContext> {
  const open = await requireFile(token);
  if (open.file.status !== "draft") throw redirect(sentFilePage(token!, open.file, { resend }));
  const tariffs = await seasonTariffs(open.season.id);
  const today = parisToday();
  const months = chequeMonths(open.season, today);
  const card = await cardPaymentOn();
  return {
    ...open,
    token: token!,
    tariffs,
    today,
    months,
    check: { startsOn: open.season.starts_on, months, card },
  };
}

export function priceTariffs(tariffs: readonly TariffRow[]) {
  return tariffs.map(priceTariff);
}

/** Saves the draft and goes on; a file sent meanwhile answers its page. */
export async function saveAndGo(ctx: DraftContext, draft: MembershipDraft, to: string) {
  if (!(await saveDraft(ctx.file.id, draft))) throw redirect(`${filePath(ctx.token)}?deja=1`);
  return redirect(to);
}
