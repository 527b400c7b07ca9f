import { randomBytes } from "node:crypto";
import { CARD_PROBLEMS, type CardProblem } from "~/domains/membership/helloasso/card-payment";
import { parisToday } from "~/core/club-time";
import { isMinorOn } from "~/domains/membership/membership-price";
import { splitInstalments } from "~/core/money";
import { getDb, inTransaction } from "~/db/client.server";
import { isUniqueViolation } from "~/db/unique-violation";
import { parseJson } from "~/core/json";
import type { Guardian } from "~/domains/membership/membership";
import { fileBalance } from "~/domains/membership/file-balance.server";
import { createCheckoutIntent, HelloAssoError, type CheckoutBody } from "./api.server";
import { helloAssoConfig, type HelloAssoConfig } from "./config.server";
import { confirmCheckout } from "./confirm.server";

/*
 * « Payer par carte »: a checkout intent for what the file still owes, made by
 * the server and followed to HelloAsso's page. A file has at most one open checkout
 * (helloasso_checkouts.open_key, unique): while it is fresh its page is reused; once its
 * 15 minutes are over it is read back from HelloAsso first (it may have been paid), then
 * closed, and only then a new one is made. Never two payments for one balance.
 */

/** HelloAsso's checkout page is valid this long (research/membership.md §2). */
export const CHECKOUT_LIFETIME_MS = 15 * 60_000;

/** Why the family cannot go on to HelloAsso: `problem` names the words (CARD_PROBLEMS). */
export class CheckoutError extends Error {
  constructor(readonly problem: CardProblem) {
    super(CARD_PROBLEMS[problem]);
  }
}

/**
 * What the file still owes, and what of it a card may pay: not the instalments HelloAsso
 * will take (a card order in 3), which are not to be paid a second time.
 */
export async function cardDue(fileId: number): Promise<{ dueCents: number; cardCents: number }> {
  const { dueCents } = await fileBalance(fileId);
  const row = await getDb()
    .selectFrom("membership_payments")
    .select((eb) => eb.fn.sum<number | string | null>("amount_cents").as("cents"))
    .where("file_id", "=", fileId)
    .where("method", "=", "card")
    .where("status", "=", "expected")
    .where("external_id", "is not", null)
    .executeTakeFirst();
  return { dueCents, cardCents: dueCents - Number(row?.cents ?? 0) };
}

export type CheckoutStart = { redirect: string } | { paid: true };

function openCheckout(fileId: number) {
  return getDb()
    .selectFrom("helloasso_checkouts")
    .selectAll()
    .where("open_key", "=", String(fileId))
    .executeTakeFirst();
}

/** Closes a checkout (it may be opened again for the file): its state and why. */
export async function closeCheckout(
  id: number,
  state: "paid" | "refused" | "abandoned" | "failed",
  { now = new Date(), error = "" }: { now?: Date; error?: string } = {},
) {
  await getDb()
    .updateTable("helloasso_checkouts")
    .set({ state, open_key: null, closed_at: now.toISOString(), last_error: error })
    .where("id", "=", id)
    .execute();
}

/** "Adhésion 2026-2027 – 2 membres", the payer's details (an adult's only), the file's reference. */
async function describeFile(fileId: number, today: string) {
  const db = getDb();
  const file = await db
    .selectFrom("membership_files as f")
    .innerJoin("membership_seasons as s", "s.id", "f.season_id")
    .leftJoin("households as h", "h.id", "f.household_id")
    .select(["f.reference", "f.status", "s.label", "h.email", "h.guardians"])
    .where("f.id", "=", fileId)
    .executeTakeFirst();
  if (!file || file.status !== "submitted") throw new CheckoutError("indisponible");
  const members = await db
    .selectFrom("registrations as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .select(["m.first_name", "m.last_name", "m.birth_date"])
    .where("r.file_id", "=", fileId)
    .where("r.status", "=", "active")
    .orderBy("r.rank")
    .execute();
  const guardians = parseJson<Guardian[]>(file.guardians ?? "[]", []);
  const guardian = Array.isArray(guardians) ? guardians[0] : undefined;
  const adult = members.find((m) => !isMinorOn(m.birth_date, today));
  const name = guardian
    ? { firstName: guardian.firstName, lastName: guardian.lastName }
    : adult
      ? { firstName: adult.first_name, lastName: adult.last_name }
      : null;
  return {
    reference: file.reference ?? "",
    itemName: `Adhésion ${file.label} – ${members.length} membre${members.length > 1 ? "s" : ""}`,
    payer: name && file.email ? { ...name, email: file.email } : null,
  };
}

/** The same day n months later (the 28th at most: every month has one). */
export function monthsLater(day: string, n: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + n;
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-${pad(Math.min(date, 28))}`;
}

/** The intent's amounts: all now, or in 3 (the first now, then a month apart). */
function amounts(totalCents: number, instalments: number, today: string) {
  const parts = instalments === 3 ? splitInstalments(totalCents, 3) : [totalCents];
  return {
    totalAmount: totalCents,
    initialAmount: parts[0]!,
    ...(parts.length > 1
      ? {
          terms: parts.slice(1).map((amount, i) => ({ amount, date: monthsLater(today, i + 1) })),
        }
      : {}),
  };
}

async function createIntent(config: HelloAssoConfig, body: CheckoutBody) {
  try {
    return await createCheckoutIntent(config, body);
  } catch (error) {
    // HelloAsso refuses some payers' details (a name it finds odd, an address): the
    // family types them again on its page rather than being stopped here.
    if (error instanceof HelloAssoError && error.status === 400 && body.payer) {
      const { payer: _refused, ...without } = body;
      return createCheckoutIntent(config, without);
    }
    throw error;
  }
}

/**
 * Where the family pays what the file owes: HelloAsso's page of the open checkout, or of
 * a new one. `links` are the site's addresses HelloAsso sends the family back to.
 */
export async function startCheckout(
  fileId: number,
  {
    links,
    instalments = 1,
    now = new Date(),
  }: {
    links: { back: string; error: string; return: string };
    instalments?: 1 | 3;
    now?: Date;
  },
): Promise<CheckoutStart> {
  const config = await helloAssoConfig();
  if (!config) throw new CheckoutError("off");
  const count = instalments === 3 && config.instalments ? 3 : 1;
  const open = await openCheckout(fileId);
  if (open) {
    if (open.state === "pending" && open.redirect_url && open.expires_at > now.toISOString()) {
      // Its page still takes payment: another one, in a different number of instalments,
      // could be paid as well. The family finishes it, or waits for it to expire.
      if (open.instalments !== count) throw new CheckoutError("ouvert");
      return { redirect: open.redirect_url };
    }
    // Another click is asking HelloAsso right now: closing its row would let two intents live.
    if (open.state === "creating" && open.expires_at > now.toISOString())
      throw new CheckoutError("preparation");
    // Expired (or never made): HelloAsso may have taken the money, so ask it first.
    const outcome = await confirmCheckout(open.id, { now });
    if (outcome === "paid") return { paid: true };
    if (outcome === "unreachable") throw new CheckoutError("indisponible");
    // HelloAsso holds something for it that fails our checks (another amount): money may
    // have been taken, so no second payment before the club has looked (the hourly job
    // closes it after 48 hours; its last_error says why).
    if (outcome === "mismatch") throw new CheckoutError("verifier");
    await closeCheckout(open.id, open.intent_id ? "abandoned" : "failed", { now });
  }
  const { dueCents: owed, cardCents: dueCents } = await cardDue(fileId);
  if (dueCents <= 0) {
    if (owed > 0) throw new CheckoutError("echeances");
    return { paid: true };
  }
  const today = parisToday(now);
  const file = await describeFile(fileId, today);
  const nonce = randomBytes(18).toString("base64url");
  let id: number;
  try {
    ({ id } = await inTransaction(() =>
      getDb()
        .insertInto("helloasso_checkouts")
        .values({
          file_id: fileId,
          open_key: String(fileId),
          nonce,
          amount_cents: dueCents,
          instalments: count,
          state: "creating",
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + CHECKOUT_LIFETIME_MS).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow(),
    ));
  } catch (error) {
    // Another click made it at the same moment: follow that one.
    if (!isUniqueViolation(error)) throw error;
    const other = await openCheckout(fileId);
    if (other?.redirect_url) return { redirect: other.redirect_url };
    throw new CheckoutError("preparation");
  }
  try {
    const intent = await createIntent(config, {
      ...amounts(dueCents, count, today),
      itemName: file.itemName,
      backUrl: links.back,
      errorUrl: links.error,
      returnUrl: links.return,
      containsDonation: false,
      ...(file.payer ? { payer: file.payer } : {}),
      metadata: { checkout: id, file: file.reference, nonce },
    });
    await getDb()
      .updateTable("helloasso_checkouts")
      .set({ intent_id: intent.id, redirect_url: intent.redirectUrl, state: "pending" })
      .where("id", "=", id)
      .execute();
    return { redirect: intent.redirectUrl };
  } catch (error) {
    await closeCheckout(id, "failed", { now, error: (error as Error).message.slice(0, 500) });
    if (error instanceof HelloAssoError) throw new CheckoutError("indisponible");
    throw error;
  }
}

/** A file's card checkouts, newest first, for the desk (state, order, what went wrong). */
export async function fileCheckouts(fileId: number) {
  const rows = await getDb()
    .selectFrom("helloasso_checkouts")
    .select(["id", "created_at", "amount_cents", "instalments", "state", "order_id", "last_error"])
    .where("file_id", "=", fileId)
    .orderBy("id", "desc")
    .limit(10)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    amountCents: row.amount_cents,
    instalments: row.instalments,
    state: row.state,
    orderId: row.order_id,
    lastError: row.last_error,
  }));
}
