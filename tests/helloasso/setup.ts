import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { getDb } from "~/db/client.server";
import { forgetHelloAssoTokens } from "~/domains/membership/helloasso/api.server";
import {
  processNotification,
  receiveNotification,
} from "~/domains/membership/helloasso/notifications.server";
import { rereadEnv } from "~/core/env.server";
import { sealSecret } from "~/utils/secret-box.server";
import { startFakeHelloAsso, type FakeHelloAsso, type FakeOrder } from "./fake-server";

/*
 * Card payment's tests against the fake HelloAsso on loopback: the fake started once per
 * test file, HELLOASSO_API_URL pointing at it (restored after), « Paiement en ligne » ON
 * with the fake's client (its secret sealed as the admin's form seals it) and notifications
 * accepted from 127.0.0.1, the tokens forgotten and the settings put back between tests.
 */

/** The site's addresses HelloAsso sends the family back to. */
export const LINKS = {
  back: "http://127.0.0.1:5173/adhesion/paiement",
  error: "http://127.0.0.1:5173/adhesion/paiement/erreur",
  return: "http://127.0.0.1:5173/adhesion/paiement/retour",
};

export type SettingsChange = { instalments?: boolean; signatureKey?: string; allowlist?: string };

export function withFakeHelloAsso() {
  let fake: FakeHelloAsso | undefined;
  let previousUrl: string | undefined;

  async function writeSettings(change: SettingsChange = {}) {
    const db = getDb();
    await db.deleteFrom("helloasso_settings").execute();
    await db
      .insertInto("helloasso_settings")
      .values({
        enabled: 1,
        organization_slug: fake!.organizationSlug,
        client_id: fake!.clientId,
        client_secret: sealSecret(fake!.clientSecret),
        sandbox: 0,
        instalments: change.instalments ? 1 : 0,
        allowlist: change.allowlist ?? "127.0.0.1",
        signature_key: change.signatureKey ? sealSecret(change.signatureKey) : "",
        updated_at: new Date().toISOString(),
      })
      .execute();
  }

  /** Points the app at another API root (a closed server: HelloAsso unreachable). */
  function pointAt(url: string) {
    process.env.HELLOASSO_API_URL = url;
    rereadEnv();
    forgetHelloAssoTokens();
  }

  let receiver: http.Server | undefined;
  let receiverUrl = "";

  beforeAll(async () => {
    fake = await startFakeHelloAsso();
    previousUrl = process.env.HELLOASSO_API_URL;
    receiver = await startReceiver();
    receiverUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/`;
  });

  beforeEach(async () => {
    pointAt(fake!.url);
    fake!.configure({
      notificationUrl: null,
      signatureKey: null,
      notifyBeforeReturn: true,
      rejectPayer: false,
      documentedNulls: false,
    });
    await writeSettings();
  });

  afterAll(async () => {
    if (previousUrl === undefined) delete process.env.HELLOASSO_API_URL;
    else process.env.HELLOASSO_API_URL = previousUrl;
    rereadEnv();
    forgetHelloAssoTokens();
    await fake?.close();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  return {
    get fake(): FakeHelloAsso {
      if (!fake) throw new Error("The fake HelloAsso is not started yet");
      return fake;
    },
    writeSettings,
    pointAt,
    /** The fake POSTs its notifications to a stand-in of the route (received then processed). */
    sendNotificationsHere() {
      fake!.configure({ notificationUrl: receiverUrl });
    },
  };
}

/**
 * The notification route's part under test, on loopback: the raw body, the source address
 * and x-ha-signature handed to receiveNotification, processed before answering (so that the
 * fake's pay/refund resolve once it is recorded).
 */
function startReceiver(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const signature = req.headers["x-ha-signature"];
      void deliver(Buffer.concat(chunks).toString("utf8"), {
        ip: req.socket.remoteAddress ?? "",
        signature: typeof signature === "string" ? signature : null,
      })
        .then((reception) => res.writeHead(reception.status).end())
        .catch(() => res.writeHead(500).end());
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/** The body HelloAsso POSTs for an order (eventType Order), as the fake sends it. */
export function orderNotification(fake: FakeHelloAsso, order: FakeOrder): string {
  return fake.orderNotification(order.id);
}

/** A notification received from `ip` then processed, as the route and its job do. */
export async function deliver(
  body: string,
  {
    ip = "127.0.0.1",
    signature = null,
    now,
  }: { ip?: string; signature?: string | null; now?: Date } = {},
) {
  const reception = await receiveNotification({ body, ip, signature, now });
  if (reception.inboxId !== null) await processNotification(reception.inboxId, { now });
  return reception;
}

/** What the treasurer sees of a file: its payments (with each member's share), paid_at, checkouts. */
export async function fileState(fileId: number) {
  const db = getDb();
  const payments = await db
    .selectFrom("membership_payments")
    .selectAll()
    .where("file_id", "=", fileId)
    .orderBy("id")
    .execute();
  const allocations = await db
    .selectFrom("membership_allocations")
    .selectAll()
    .where("payment_id", "in", payments.map((p) => p.id).concat(-1))
    .orderBy("id")
    .execute();
  const file = await db
    .selectFrom("membership_files")
    .select(["paid_at", "reference"])
    .where("id", "=", fileId)
    .executeTakeFirstOrThrow();
  const checkouts = await db
    .selectFrom("helloasso_checkouts")
    .selectAll()
    .where("file_id", "=", fileId)
    .orderBy("id")
    .execute();
  const card = payments.filter((p) => p.method === "card");
  return {
    payments,
    card,
    allocations,
    /** Each registration's share of the card payments. */
    cardShares(registrationIds: number[]) {
      const ids = new Set(card.map((p) => p.id));
      return registrationIds.map((id) =>
        allocations
          .filter((a) => a.registration_id === id && ids.has(a.payment_id))
          .reduce((sum, a) => sum + a.amount_cents, 0),
      );
    },
    paidAt: file.paid_at,
    reference: file.reference,
    checkouts,
    open: checkouts.filter((c) => c.open_key !== null),
  };
}

/** The journal's rows about a file. */
export function journalOf(fileId: number) {
  return getDb()
    .selectFrom("activity_log")
    .selectAll()
    .where("item_type", "=", "membership")
    .where("item_id", "=", String(fileId))
    .orderBy("id")
    .execute();
}
