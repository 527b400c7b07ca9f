import { getDb } from "~/db/client.server";
import { parseJson } from "~/core/json";
import { cancelUrl } from "~/domains/trials/index.server";
import { getMailClub } from "~/core/club.server";
import { invitationUrl, resetUrl } from "~/domains/volunteers/index.server";
import { optoutUrl, renewalUrl } from "~/domains/membership/index.server";
import { queueMail, type MailAttachment } from "~/domains/mail/outbox.server";
import type { MailKind } from "~/domains/mail/kinds";
import {
  fillMaskedLinks,
  maskPersonalLinks,
  type LinkPurpose,
  type PersonalLinkRef,
} from "~/core/personal-links";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import {
  createMembershipToken,
  type MembershipTokenPurpose,
} from "~/domains/membership/index.server";
import { draftLink } from "~/domains/membership/index.server";
import { hashCancelToken, newCancelToken } from "~/domains/trials/index.server";
import { createUserToken } from "~/domains/volunteers/index.server";

/*
 * « Renvoyer » in « E-mails envoyés »: the same mail again, to the same address, with each
 * personal link made anew; the old link stops working. The link is found from what the
 * outbox kept of it (its purpose and token's hash, app/core/personal-links.ts), never read
 * back from the mail.
 */

export const RESEND_MESSAGES = {
  done: "E-mail renvoyé avec un nouveau lien ; l'ancien lien ne fonctionne plus.",
  none: "Cet e-mail n'a pas de lien personnel à renvoyer.",
  replaced:
    "Ce lien a été remplacé depuis (un e-mail plus récent en porte un nouveau) : renvoyez plutôt le dernier e-mail.",
} as const;

export type ResendResult = { ok: true; id: number } | { ok: false; message: string };

class LinkReplaced extends Error {}

/** A new link in place of the one whose token has this hash, that one voided. */
async function freshLink(purpose: LinkPurpose, tokenHash: string, now: Date): Promise<string> {
  const db = getDb();
  const { origin } = await getMailClub();
  if (purpose === "invitation" || purpose === "reset") {
    const row = await db
      .selectFrom("user_tokens")
      .select("user_id")
      .where("token_hash", "=", tokenHash)
      .where("purpose", "=", purpose)
      .executeTakeFirst();
    if (!row) throw new LinkReplaced();
    // createUserToken voids the user's earlier links of this purpose.
    const { token } = await createUserToken({ userId: row.user_id, purpose, now });
    return (purpose === "invitation" ? invitationUrl : resetUrl)(origin, token);
  }
  if (purpose === "trial-cancel") {
    const token = newCancelToken();
    const result = await db
      .updateTable("trial_bookings")
      .set({ cancel_token_hash: hashCancelToken(token) })
      .where("cancel_token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new LinkReplaced();
    return cancelUrl(origin, token);
  }
  return freshMembershipLink(purpose, tokenHash, origin, now);
}

const MEMBERSHIP_URL: Record<MembershipTokenPurpose, (origin: string, token: string) => string> = {
  draft: draftLink,
  renewal: renewalUrl,
  optout: optoutUrl,
};

async function freshMembershipLink(
  purpose: MembershipTokenPurpose,
  tokenHash: string,
  origin: string,
  now: Date,
): Promise<string> {
  const db = getDb();
  const row = await db
    .selectFrom("membership_tokens")
    .select(["household_id", "file_id"])
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row) throw new LinkReplaced();
  // Every live link of this purpose for the same file (or household) stops working.
  await db
    .updateTable("membership_tokens")
    .set({ used_at: now.toISOString() })
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where((eb) =>
      row.file_id !== null
        ? eb("file_id", "=", row.file_id)
        : eb("household_id", "=", row.household_id),
    )
    .execute();
  const token = await createMembershipToken({
    purpose,
    fileId: row.file_id,
    householdId: row.household_id,
    now,
  });
  return MEMBERSHIP_URL[purpose](origin, token);
}

/** « Renvoyer »: the mail of one of these kinds again, with new personal links (see above). */
export async function resendMail({
  actor,
  id,
  kinds,
  now = new Date(),
}: {
  actor: Actor;
  id: number;
  kinds: readonly string[];
  now?: Date;
}): Promise<ResendResult | null> {
  if (kinds.length === 0) return null;
  try {
    return await withActivity(
      actor,
      (result: ResendResult | null) =>
        result?.ok
          ? { action: "mail.resent", itemType: "mail", itemId: id, itemLabel: `E-mail n° ${id}` }
          : null,
      async (): Promise<ResendResult | null> => {
        const row = await getDb()
          .selectFrom("mail_outbox")
          .select(["kind", "to_address", "reply_to", "subject", "body_text", "attachments"])
          .select("personal_links")
          .where("id", "=", id)
          .where("kind", "in", [...kinds])
          .executeTakeFirst();
        if (!row) return null;
        const refs = parseJson<PersonalLinkRef[]>(row.personal_links, []);
        if (refs.length === 0 || refs.some((ref) => ref.purpose === null)) {
          return { ok: false, message: RESEND_MESSAGES.none };
        }
        const links: string[] = [];
        for (const ref of refs) links.push(await freshLink(ref.purpose!, ref.tokenHash, now));
        const newId = await queueMail({
          kind: row.kind as MailKind,
          to: row.to_address,
          replyTo: row.reply_to || undefined,
          subject: row.subject,
          text: fillMaskedLinks(maskPersonalLinks(row.body_text), links),
          attachments: parseJson<MailAttachment[]>(row.attachments, []),
        });
        return { ok: true, id: newId };
      },
    );
  } catch (error) {
    if (error instanceof LinkReplaced) return { ok: false, message: RESEND_MESSAGES.replaced };
    throw error;
  }
}
