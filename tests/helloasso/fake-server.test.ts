import crypto from "node:crypto";
import http from "node:http";
import type net from "node:net";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type FakeHelloAsso, startFakeHelloAsso } from "./fake-server";

/*
 * The fake HelloAsso behaves like the documented API v5 (tests/helloasso/fake-server.ts):
 * every assertion goes through HTTP, as the app's client will.
 */

let fake: FakeHelloAsso;
const SLUG = "club-de-boxe-meyzieu";

beforeEach(async () => {
  fake = await startFakeHelloAsso();
});
afterEach(async () => {
  await fake.close();
});

async function token(form: Record<string, string>) {
  const response = await fetch(`${fake.url}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function accessToken() {
  const { body } = await token({
    grant_type: "client_credentials",
    client_id: "fake-client",
    client_secret: "fake-secret",
  });
  return String(body.access_token);
}

async function api(path: string, bearer: string | null, body?: unknown) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const response = await fetch(`${fake.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const checkout = (change: Record<string, unknown> = {}) => ({
  totalAmount: 12000,
  initialAmount: 12000,
  itemName: "Adhésion 2026-2027 – 2 membres",
  backUrl: "https://club.example/adhesion/dossier",
  errorUrl: "https://club.example/adhesion/erreur",
  returnUrl: "https://club.example/adhesion/retour",
  containsDonation: false,
  metadata: { paymentId: 7, nonce: "n-123" },
  ...change,
});

const createIntent = async (bearer: string, change?: Record<string, unknown>) =>
  api(`/v5/organizations/${SLUG}/checkout-intents`, bearer, checkout(change));

describe("token", () => {
  test("client credentials give a bearer pair; a refresh gives a new one; the old refresh token is spent", async () => {
    const first = await token({
      grant_type: "client_credentials",
      client_id: "fake-client",
      client_secret: "fake-secret",
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: "bearer", expires_in: 1800 });
    expect(first.body.access_token).toEqual(expect.any(String));

    const refreshed = await token({
      grant_type: "refresh_token",
      client_id: "fake-client",
      refresh_token: String(first.body.refresh_token),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(first.body.access_token);
    expect((await createIntent(String(refreshed.body.access_token))).status).toBe(200);

    const replay = await token({
      grant_type: "refresh_token",
      client_id: "fake-client",
      refresh_token: String(first.body.refresh_token),
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
  });

  test("wrong credentials are refused as HelloAsso does", async () => {
    const wrong = await token({
      grant_type: "client_credentials",
      client_id: "fake-client",
      client_secret: "guess",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: "unauthorized_client" });
    expect(wrong.body.error_description).toEqual(expect.any(String));
  });

  test("no token, a made-up token and an expired token get 401", async () => {
    expect((await createIntent("")).status).toBe(401);
    expect((await createIntent("made-up")).status).toBe(401);

    const bearer = await accessToken();
    fake.advance(1799_000);
    expect((await createIntent(bearer)).status).toBe(200);
    fake.advance(1_000);
    expect((await createIntent(bearer)).status).toBe(401);

    const other = await accessToken();
    fake.expireTokens();
    expect((await api(`/v5/organizations/${SLUG}/checkout-intents/1001`, other)).status).toBe(401);
  });
});

describe("checkout intents", () => {
  test("created with increasing ids, read back with their metadata and no order until paid", async () => {
    const bearer = await accessToken();
    const first = await createIntent(bearer);
    const second = await createIntent(bearer, { metadata: undefined });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: first.body.id,
      redirectUrl: `${fake.url}/checkout/${first.body.id}`,
    });
    expect(second.body.id).toBeGreaterThan(first.body.id);

    const read = await api(`/v5/organizations/${SLUG}/checkout-intents/${first.body.id}`, bearer);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: first.body.id,
      metadata: { paymentId: 7, nonce: "n-123" },
      redirectUrl: `${fake.url}/checkout/${first.body.id}`,
    });
    expect(fake.intents[0]!.body).toEqual(checkout());

    const missing = await api(`/v5/organizations/${SLUG}/checkout-intents/999999`, bearer);
    expect(missing.status).toBe(404);
    const otherOrg = await api(
      `/v5/organizations/another-club/checkout-intents`,
      bearer,
      checkout(),
    );
    expect(otherOrg.status).toBe(404);
    expect(fake.calls.at(-1)).toEqual({
      method: "POST",
      path: "/v5/organizations/another-club/checkout-intents",
      status: 404,
    });
  });

  test.each([
    [
      "terms not adding up",
      { totalAmount: 12000, initialAmount: 4000, terms: [{ amount: 4000, date: "2026-12-01" }] },
    ],
    ["no itemName", { itemName: undefined }],
    ["an itemName over 250 characters", { itemName: "x".repeat(251) }],
    ["amounts in euros", { totalAmount: 120.5, initialAmount: 120.5 }],
    ["a relative returnUrl", { returnUrl: "/adhesion/retour" }],
    ["a term without a date", { initialAmount: 8000, terms: [{ amount: 4000 }] }],
    ["metadata as a string", { metadata: "n-123" }],
    ["metadata over 20000 characters", { metadata: { big: "x".repeat(20000) } }],
    [
      "a payer with an invalid email",
      { payer: { firstName: "Léa", lastName: "Martin", email: "lea@" } },
    ],
    [
      "a payer whose name has digits",
      { payer: { firstName: "Léa2", lastName: "Martin", email: "lea@example.org" } },
    ],
  ])("refused with 400 and HelloAsso's errors: %s", async (_, change) => {
    const response = await createIntent(await accessToken(), change);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({
      code: expect.any(String),
      message: expect.any(String),
    });
    expect(fake.intents).toHaveLength(0);
  });

  test("instalments and a valid payer are accepted; rejectPayer refuses any payer, not the retry without one", async () => {
    const bearer = await accessToken();
    const payer = {
      firstName: "Léa",
      lastName: "Martin",
      email: "lea@example.org",
      country: "FRA",
    };
    const terms = [
      { amount: 4000, date: "2026-12-01" },
      { amount: 4000, date: "2027-01-01" },
    ];
    expect((await createIntent(bearer, { initialAmount: 4000, terms, payer })).status).toBe(200);
    expect(fake.intents[0]!.payer).toEqual(payer);

    fake.configure({ rejectPayer: true });
    const refused = await createIntent(bearer, { payer });
    expect(refused.status).toBe(400);
    const retried = await createIntent(bearer);
    expect(retried.status).toBe(200);
    expect(fake.intents.map((intent) => intent.payer)).toEqual([payer, null]);
  });
});

describe("payment", () => {
  test("paid in 3 instalments: payment 1 Authorized now, the others Pending at their terms' dates", async () => {
    const bearer = await accessToken();
    const terms = [
      { amount: 4000, date: "2026-12-01" },
      { amount: 4000, date: "2027-01-01" },
    ];
    const { body: intent } = await createIntent(bearer, { initialAmount: 4000, terms });
    const page = await (await fetch(intent.redirectUrl)).text();
    expect(page).toContain(
      "En 3 fois : 40,00 € aujourd’hui, puis 40,00 € le 01/12/2026, 40,00 € le 01/01/2027.",
    );
    const order = await fake.pay(intent.id);

    const read = await api(`/v5/organizations/${SLUG}/checkout-intents/${intent.id}`, bearer);
    expect(read.body.order).toEqual(order);
    expect(read.body.order).toMatchObject({
      checkoutIntentId: intent.id,
      formType: "Checkout",
      organizationSlug: SLUG,
      amount: { total: 12000, vat: 0, discount: 0 },
      items: [{ name: "Adhésion 2026-2027 – 2 membres", amount: 12000, state: "Processed" }],
    });
    expect(
      order.payments.map((p) => [p.installmentNumber, p.amount, p.state, p.date.slice(0, 10)]),
    ).toEqual([
      [1, 4000, "Authorized", new Date(fake.now()).toISOString().slice(0, 10)],
      [2, 4000, "Pending", "2026-12-01"],
      [3, 4000, "Pending", "2027-01-01"],
    ]);
    const direct = await api(`/v5/orders/${order.id}`, bearer);
    expect(direct.body).toEqual(order);
    expect((await api(`/v5/orders/${order.id + 1000}`, bearer)).status).toBe(404);
  });

  test("a hostile order total differs from the intent's; refund and cancel change the payments' states", async () => {
    const bearer = await accessToken();
    const { body: intent } = await createIntent(bearer);
    const order = await fake.pay(intent.id, { amountTotal: 100 });
    expect(order.amount.total).toBe(100);
    expect(order.payments[0]!.amount).toBe(100);
    await expect(fake.pay(intent.id)).rejects.toThrow();

    await fake.refund(order.id);
    const refunded = await api(`/v5/orders/${order.id}`, bearer);
    expect(refunded.body.payments.map((p: { state: string }) => p.state)).toEqual(["Refunded"]);
  });
});

async function postForm(path: string) {
  return fetch(`${fake.url}${path}`, { method: "POST", redirect: "manual" });
}

describe("the hosted payment page", () => {
  test("shows the item and amount with three buttons; pay redirects with the order id", async () => {
    const { body: intent } = await createIntent(await accessToken(), {
      returnUrl: "https://club.example/adhesion/retour?dossier=4",
    });
    const page = await fetch(`${fake.url}/checkout/${intent.id}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Adhésion 2026-2027 – 2 membres");
    expect(html).toContain("120,00");
    for (const [action, label] of [
      ["pay", "Payer"],
      ["refuse", "Refuser la carte"],
      ["abandon", "Abandonner"],
    ]) {
      expect(html).toMatch(
        new RegExp(`action="/checkout/${intent.id}/${action}"><button[^>]*>${label}<`),
      );
    }

    const paid = await postForm(`/checkout/${intent.id}/pay`);
    expect(paid.status).toBe(303);
    const orderId = fake.orders[0]!.id;
    expect(paid.headers.get("location")).toBe(
      `https://club.example/adhesion/retour?dossier=4&checkoutIntentId=${intent.id}&code=succeeded&orderId=${orderId}`,
    );
    expect((await fetch(`${fake.url}/checkout/${intent.id}`)).status).toBe(404);
    expect((await postForm(`/checkout/${intent.id}/pay`)).status).toBe(404);
    expect(fake.orders).toHaveLength(1);
  });

  test("refuse goes back with code=refused and no order; abandon goes to backUrl; unknown and expired intents", async () => {
    const { body: intent } = await createIntent(await accessToken());
    const refused = await postForm(`/checkout/${intent.id}/refuse`);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(
      `https://club.example/adhesion/retour?checkoutIntentId=${intent.id}&code=refused`,
    );
    expect(fake.orders).toHaveLength(0);
    expect(await (await fetch(`${fake.url}/checkout/${intent.id}`)).text()).toContain("refusée");

    const abandoned = await postForm(`/checkout/${intent.id}/abandon`);
    expect(abandoned.status).toBe(303);
    expect(abandoned.headers.get("location")).toBe("https://club.example/adhesion/dossier");

    expect((await fetch(`${fake.url}/checkout/424242`)).status).toBe(404);
    fake.advance(15 * 60 * 1000 + 1);
    expect((await postForm(`/checkout/${intent.id}/pay`)).status).toBe(410);
    expect(fake.orders).toHaveLength(0);
  });
});

/** A tiny notification receiver on loopback: what it got, raw. */
async function receiver(status = 200) {
  const received: { body: string; signature: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const signature = req.headers["x-ha-signature"];
      received.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: Array.isArray(signature) ? signature[0] : signature,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/helloasso/notification`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

const hmac = (body: string, key: string) =>
  crypto.createHmac("sha256", key).update(body).digest("hex");

describe("notifications", () => {
  test("paying sends the signed Payment then Order notifications before the return; a replay is the same bytes", async () => {
    const inbox = await receiver();
    try {
      fake.configure({ notificationUrl: inbox.url, signatureKey: "cle-partenaire" });
      const { body: intent } = await createIntent(await accessToken());
      const paid = await postForm(`/checkout/${intent.id}/pay`);
      expect(paid.status).toBe(303);
      expect(inbox.received).toHaveLength(2); // before the 303

      const [payment, order] = inbox.received;
      expect(order!.signature).toBe(hmac(order!.body, "cle-partenaire"));
      expect(order!.signature).not.toBe(hmac(order!.body, "another-key"));
      const paymentBody = JSON.parse(payment!.body);
      expect(paymentBody).toMatchObject({
        eventType: "Payment",
        data: { id: fake.orders[0]!.payments[0]!.id, state: "Authorized", installmentNumber: 1 },
        metadata: { paymentId: 7, nonce: "n-123" },
      });
      expect(paymentBody.data.order.id).toBe(fake.orders[0]!.id);
      expect(paymentBody.data.order.checkoutIntentId).toBeUndefined();
      const body = JSON.parse(order!.body);
      expect(body).toMatchObject({
        eventType: "Order",
        data: { id: fake.orders[0]!.id, checkoutIntentId: intent.id, amount: { total: 12000 } },
        metadata: { paymentId: 7, nonce: "n-123" },
      });
      expect(fake.notifications[1]).toMatchObject({ url: inbox.url, status: 200, error: null });

      await fake.resendLastNotification();
      expect(inbox.received[2]).toEqual(order);
    } finally {
      await inbox.close();
    }
  });

  test("after the return when notifyBeforeReturn is off; refund sends Payment events; no signature without a key", async () => {
    const inbox = await receiver(503);
    try {
      fake.configure({ notificationUrl: inbox.url, notifyBeforeReturn: false });
      const bearer = await accessToken();
      const terms = [{ amount: 6000, date: "2026-12-01" }];
      const { body: intent } = await createIntent(bearer, { initialAmount: 6000, terms });
      expect((await postForm(`/checkout/${intent.id}/pay`)).status).toBe(303);
      await fake.idle();
      expect(inbox.received).toHaveLength(2);
      expect(inbox.received[0]!.signature).toBeUndefined();
      expect(fake.notifications[0]!.status).toBe(503);

      const order = fake.orders[0]!;
      await fake.refund(order.id);
      const events = inbox.received.slice(2).map((r) => JSON.parse(r.body));
      expect(events.map((e) => [e.eventType, e.data.installmentNumber, e.data.state])).toEqual([
        ["Payment", 1, "Refunded"],
        ["Payment", 2, "Canceled"],
      ]);
      expect(events[0].data.order).toMatchObject({
        id: order.id,
        formSlug: "default",
        formType: "Checkout",
        organizationSlug: SLUG,
      });
      expect(events[0].data.order.checkoutIntentId).toBeUndefined();
      expect(events[0].data.refundOperations).toEqual([
        { id: expect.any(Number), amount: 6000, amountTip: 0, status: "Processed" },
      ]);
      expect(events[0].metadata).toEqual({ paymentId: 7, nonce: "n-123" });
    } finally {
      await inbox.close();
    }
  });

  test("the /_fake control endpoints drive the same fake over HTTP", async () => {
    const inbox = await receiver();
    try {
      const control = (path: string, body: unknown = {}) =>
        fetch(`${fake.url}/_fake${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, body: await r.json() }));
      expect(
        (await control("/configure", { notificationUrl: inbox.url })).body.notificationUrl,
      ).toBe(inbox.url);
      const bearer = await accessToken();
      const { body: intent } = await createIntent(bearer);
      const paid = await control(`/intents/${intent.id}/pay`, { amountTotal: 6000 });
      expect(paid.body.amount.total).toBe(6000);
      expect(inbox.received).toHaveLength(2);
      const taken = await control(`/orders/${paid.body.id}/payments/1/state`, {
        state: "Contested",
      });
      expect(taken.body.payments[0].state).toBe("Contested");
      expect(JSON.parse(inbox.received.at(-1)!.body)).toMatchObject({
        eventType: "Payment",
        data: { state: "Contested", order: { id: paid.body.id } },
      });
      expect((await control(`/orders/${paid.body.id}/notify`)).body.status).toBe(200);
      expect((await control(`/orders/${paid.body.id}/cancel`)).body.payments[0].state).toBe(
        "Canceled",
      );
      await control("/advance", { ms: 1800_000 });
      expect((await createIntent(bearer)).status).toBe(401);
      const state = await (await fetch(`${fake.url}/_fake/state`)).json();
      expect(state.intents).toHaveLength(1);
      expect(state.notifications).toHaveLength(5);
      expect(state.calls.every((call: { path: string }) => !call.path.startsWith("/_fake"))).toBe(
        true,
      );
      expect((await control(`/intents/999/pay`)).status).toBe(404);
    } finally {
      await inbox.close();
    }
  });
});
