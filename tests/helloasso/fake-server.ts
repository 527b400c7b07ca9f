import crypto from "node:crypto";
import http from "node:http";
import type net from "node:net";

/*
 * A fake HelloAsso API v5 on loopback, for the tests, built from HelloAsso's published
 * documents (tests/helloasso/documented/, where each source is named):
 * - POST /oauth2/token: client_credentials and refresh_token grants, form-urlencoded;
 * - POST/GET /v5/organizations/{slug}/checkout-intents[/{id}], GET /v5/orders/{id} (Bearer):
 *   the OpenAPI models Carts.InitCheckoutResponse, Carts.CheckoutIntentResponse and
 *   Statistics.OrderDetail, with no field those models do not have;
 * - GET /checkout/{id}: the hosted payment page redirectUrl points at (pay / refuse / abandon);
 * - notifications POSTed to notificationUrl in the documented examples' shapes: a « Payment »
 *   for each payment made or changed (the payment in `data`, its order's id in
 *   `data.order.id`, no checkout intent id) and an « Order » when the order is made (the order
 *   in `data`, with `checkoutIntentId`); the checkout's metadata at the root of both; signed
 *   with x-ha-signature = hex HMAC-SHA256(raw body, signatureKey) when a key is set;
 * - /_fake/...: the control methods below as JSON endpoints, for the Playwright specs.
 * documented-shapes.test.ts holds the fake to those texts. Its clock starts at the real time
 * and moves only forward with advance(ms).
 */

export interface FakeHelloAssoOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  organizationSlug?: string;
  clientId?: string;
  clientSecret?: string;
  /** An access token's life; HelloAsso's is 30 minutes. */
  tokenLifetimeSeconds?: number;
}

export interface FakeConfig {
  /** Where notifications are POSTed; null: none sent. */
  notificationUrl: string | null;
  /** The partner's signature key; null: no x-ha-signature header. */
  signatureKey: string | null;
  /** true: the notification is sent (and awaited) before the 303 to returnUrl; false: after it. */
  notifyBeforeReturn: boolean;
  /** true: any checkout intent sent with a payer gets HelloAsso's 400. */
  rejectPayer: boolean;
  /**
   * true: the answers carry null wherever the OpenAPI text allows it and HelloAsso may
   * have nothing to say (no installment number on a single payment, no checkout intent id
   * on an order read by itself, no tip, no items, no metadata).
   */
  documentedNulls: boolean;
}

/** Enums.PaymentState (the states this fake uses). */
export type FakePaymentState =
  | "Authorized"
  | "Pending"
  | "WaitingAuthentication"
  | "Refused"
  | "Refunded"
  | "Canceled"
  | "Contested";

/** Statistics.OrderPayment, as the fake fills it. */
export interface FakePayment {
  items: { id: number; shareAmount: number; shareItemAmount: number }[];
  cashOutState: "MoneyIn";
  paymentReceiptUrl: string;
  id: number;
  amount: number;
  amountTip: number | null;
  date: string;
  paymentMeans: "Card";
  installmentNumber: number | null;
  state: FakePaymentState;
  /** Enums.PaymentType is Offline | Credit | Debit: a card payment is a Credit. */
  type: "Credit";
  meta: { createdAt: string; updatedAt: string };
  refundOperations: { id: number; amount: number; amountTip: number; status: "Processed" }[];
}

/** Statistics.OrderDetail, as the fake fills it. */
export interface FakeOrder {
  payer: { email: string; firstName: string; lastName: string; country: "FRA" };
  items: {
    payments: { id: number; shareAmount: number }[];
    name: string;
    priceCategory: "Fixed";
    id: number;
    amount: number;
    type: "Payment";
    state: "Processed";
  }[];
  payments: FakePayment[];
  amount: { total: number; vat: 0; discount: 0 };
  id: number;
  date: string;
  formSlug: "default";
  formType: "Checkout";
  organizationName: string;
  organizationSlug: string;
  organizationType: "Association1901";
  organizationIsUnderColucheLaw: false;
  checkoutIntentId: number;
  meta: { createdAt: string; updatedAt: string };
}

export interface FakeIntent {
  id: number;
  /** The InitCheckoutBody as received (parsed JSON). */
  body: Record<string, unknown>;
  /** The payer sent, or null. */
  payer: Record<string, unknown> | null;
  createdAt: string;
  /** How many times the card was refused on the hosted page (or by refuse()). */
  refusals: number;
  orderId: number | null;
}

export interface FakeCall {
  method: string;
  /** The path with its query string. */
  path: string;
  status: number;
}

export interface FakeNotification {
  url: string;
  /** The raw JSON body sent. */
  body: string;
  /** The x-ha-signature header sent, or null. */
  signature: string | null;
  /** The status the receiver answered, or null when it could not be reached (see error). */
  status: number | null;
  error: string | null;
}

export interface FakeHelloAsso {
  /** The API root: `${url}/oauth2/token`, `${url}/v5/...`. */
  url: string;
  organizationSlug: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  /**
   * Makes the intent's order as the hosted page's « Payer » does, and notifies (Payment,
   * then Order). `firstState`: WaitingAuthentication while the payer's bank asks 3-D Secure.
   */
  pay(
    intentId: number,
    options?: { amountTotal?: number; firstState?: "Authorized" | "WaitingAuthentication" },
  ): Promise<FakeOrder>;
  /**
   * One payment of the order (by its installmentNumber) moves to `state`, as when HelloAsso
   * takes or fails a later instalment, the 3-D Secure step ends, or the payer disputes it;
   * its Payment notification is sent.
   */
  setPaymentState(
    orderId: number,
    installmentNumber: number,
    state: FakePaymentState,
  ): Promise<FakeOrder>;
  /** The card is refused: no order; the intent stays payable, as on HelloAsso. */
  refuse(intentId: number): void;
  /** Authorized payments → Refunded, pending instalments → Canceled; one Payment notification each. */
  refund(orderId: number): Promise<FakeOrder>;
  /** Every payment not refunded → Canceled; one Payment notification each. */
  cancel(orderId: number): Promise<FakeOrder>;
  /** Moves the fake's clock forward (tokens expire, intents' pages expire after 15 minutes). */
  advance(ms: number): void;
  /** Every access token issued so far answers 401 from now on (refresh tokens still work). */
  expireTokens(): void;
  configure(config: Partial<FakeConfig>): FakeConfig;
  readonly config: FakeConfig;
  readonly intents: FakeIntent[];
  readonly orders: FakeOrder[];
  readonly calls: FakeCall[];
  readonly notifications: FakeNotification[];
  /** Sends the last notification's raw body again, byte for byte, with its signature. */
  resendLastNotification(): Promise<FakeNotification>;
  /** Sends the order's Order notification (again). */
  notify(orderId: number): Promise<FakeNotification>;
  /** The bodies HelloAsso would POST, not sent: the order's Order notification… */
  orderNotification(orderId: number): string;
  /** …and one payment's (by installmentNumber) Payment notification. */
  paymentNotification(orderId: number, installmentNumber: number): string;
  /** Resolves once every notification sent after a 303 has been answered. */
  idle(): Promise<void>;
  /** The fake's clock, in ms. */
  now(): number;
}

/** How long HelloAsso's redirectUrl stays valid. */
export const INTENT_PAGE_LIFETIME_MS = 15 * 60 * 1000;
const REFRESH_LIFETIME_MS = 30 * 24 * 3600 * 1000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status} ${JSON.stringify(body)}`);
  }
}

const apiError = (status: number, code: string, message: string) =>
  new HttpError(status, { errors: [{ code, message }] });

export async function startFakeHelloAsso(
  options: FakeHelloAssoOptions = {},
): Promise<FakeHelloAsso> {
  const organizationSlug = options.organizationSlug ?? "club-de-boxe-meyzieu";
  const clientId = options.clientId ?? "fake-client";
  const clientSecret = options.clientSecret ?? "fake-secret";
  const tokenLifetimeMs = (options.tokenLifetimeSeconds ?? 1800) * 1000;

  let offset = 0;
  const now = () => Date.now() + offset;
  const iso = () => new Date(now()).toISOString();

  const config: FakeConfig = {
    notificationUrl: null,
    signatureKey: null,
    notifyBeforeReturn: true,
    rejectPayer: false,
    documentedNulls: false,
  };
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Map<string, number>();
  const intents: FakeIntent[] = [];
  const orders: FakeOrder[] = [];
  const calls: FakeCall[] = [];
  const notifications: FakeNotification[] = [];
  const pending = new Set<Promise<unknown>>();
  let nextIntentId = 1001;
  let nextOrderId = 50001;
  let nextPaymentId = 70001;
  let nextItemId = 90001;
  let url = "";

  const randomToken = () => crypto.randomBytes(24).toString("base64url");

  function issueTokens() {
    const access = randomToken();
    const refresh = randomToken();
    accessTokens.set(access, now() + tokenLifetimeMs);
    refreshTokens.set(refresh, now() + REFRESH_LIFETIME_MS);
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: "bearer",
      expires_in: tokenLifetimeMs / 1000,
    };
  }

  function grant(form: URLSearchParams) {
    const oauthError = (error: string, description: string) =>
      new HttpError(400, { error, error_description: description });
    const grantType = form.get("grant_type");
    if (grantType === "client_credentials") {
      if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
        throw oauthError("unauthorized_client", "Invalid client_id or client_secret");
      }
      return issueTokens();
    }
    if (grantType === "refresh_token") {
      const token = form.get("refresh_token") ?? "";
      const expiresAt = refreshTokens.get(token);
      if (form.get("client_id") !== clientId) {
        throw oauthError("unauthorized_client", "Invalid client_id");
      }
      if (expiresAt === undefined || expiresAt <= now()) {
        throw oauthError("invalid_grant", "Invalid or expired refresh_token");
      }
      refreshTokens.delete(token); // a refresh token is used once
      return issueTokens();
    }
    throw oauthError(
      "unsupported_grant_type",
      "grant_type must be client_credentials or refresh_token",
    );
  }

  function authorize(req: http.IncomingMessage) {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    const expiresAt = match ? accessTokens.get(match[1]!) : undefined;
    if (expiresAt === undefined || expiresAt <= now()) {
      throw new HttpError(401, { message: "Authorization has been denied for this request." });
    }
  }

  function intentById(id: number) {
    return intents.find((intent) => intent.id === id);
  }
  function orderById(id: number) {
    return orders.find((order) => order.id === id);
  }
  function requireIntent(id: number) {
    const intent = intentById(id);
    if (!intent) throw apiError(404, "NotFound", `Checkout intent ${id} not found`);
    return intent;
  }
  function requireOrder(id: number) {
    const order = orderById(id);
    if (!order) throw apiError(404, "NotFound", `Order ${id} not found`);
    return order;
  }

  function createOrder(
    intent: FakeIntent,
    amountTotal?: number,
    firstState: FakePaymentState = "Authorized",
  ): FakeOrder {
    if (intent.orderId !== null) {
      throw apiError(409, "AlreadyPaid", `Checkout intent ${intent.id} is already paid`);
    }
    const body = intent.body as {
      totalAmount: number;
      initialAmount: number;
      itemName: string;
      terms?: { amount: number; date: string }[];
    };
    const total = amountTotal ?? body.totalAmount;
    const at = iso();
    const orderId = nextOrderId++;
    const itemId = nextItemId++;
    const payment = (amount: number, date: string, n: number, state: FakePaymentState) => ({
      items: [{ id: itemId, shareAmount: amount, shareItemAmount: amount }],
      cashOutState: "MoneyIn" as const,
      paymentReceiptUrl: `${url}/associations/${organizationSlug}/checkout/paiement-attestation/${orderId}`,
      id: nextPaymentId++,
      amount,
      amountTip: 0,
      date,
      paymentMeans: "Card" as const,
      installmentNumber: n,
      state,
      type: "Credit" as const,
      meta: { createdAt: at, updatedAt: at },
      refundOperations: [],
    });
    const terms = body.terms ?? [];
    const payments: FakePayment[] = [
      payment(body.initialAmount + (total - body.totalAmount), at, 1, firstState),
      ...terms.map((term, i) => payment(term.amount, termDate(term.date), i + 2, "Pending")),
    ];
    const payer = intent.payer ?? {};
    const order: FakeOrder = {
      payer: {
        email: String(payer.email ?? "payeur@example.org"),
        firstName: String(payer.firstName ?? "Camille"),
        lastName: String(payer.lastName ?? "Martin"),
        country: "FRA",
      },
      items: [
        {
          payments: payments.map((one) => ({ id: one.id, shareAmount: one.amount })),
          name: body.itemName,
          priceCategory: "Fixed",
          id: itemId,
          amount: total,
          type: "Payment",
          state: "Processed",
        },
      ],
      payments,
      amount: { total, vat: 0, discount: 0 },
      id: orderId,
      date: at,
      formSlug: "default",
      formType: "Checkout",
      organizationName: organizationSlug,
      organizationSlug,
      organizationType: "Association1901",
      organizationIsUnderColucheLaw: false,
      checkoutIntentId: intent.id,
      meta: { createdAt: at, updatedAt: at },
    };
    orders.push(order);
    intent.orderId = order.id;
    return order;
  }

  async function send(body: string): Promise<FakeNotification> {
    const target = config.notificationUrl;
    if (!target) throw new Error("No notificationUrl configured");
    const signature = config.signatureKey
      ? crypto.createHmac("sha256", config.signatureKey).update(body).digest("hex")
      : null;
    return post(target, body, signature);
  }

  async function post(target: string, body: string, signature: string | null) {
    const record: FakeNotification = { url: target, body, signature, status: null, error: null };
    notifications.push(record);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (signature) headers["x-ha-signature"] = signature;
    try {
      const response = await fetch(target, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
      record.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
    return record;
  }

  const metadataOf = (order: FakeOrder) => intentById(order.checkoutIntentId)?.body.metadata;

  /** « Commandes créé sur un paiement checkout avec des échéances » (documented/). */
  function orderNotification(order: FakeOrder) {
    const payments = order.payments.map(({ amountTip: _tip, type: _type, ...payment }) => payment);
    return JSON.stringify({
      data: { ...order, payments, isAnonymous: false, isAmountHidden: false },
      eventType: "Order",
      metadata: metadataOf(order),
    });
  }

  /** « Paiement autorisé sur un checkout » (documented/): no checkout intent id in it. */
  function paymentNotification(order: FakeOrder, payment: FakePayment) {
    const item = order.items[0]!;
    const { items, amountTip: _tip, type: _type, ...fields } = payment;
    return JSON.stringify({
      data: {
        order: {
          id: order.id,
          date: order.date,
          formSlug: order.formSlug,
          formType: order.formType,
          organizationName: order.organizationName,
          organizationSlug: order.organizationSlug,
          organizationType: order.organizationType,
          organizationIsUnderColucheLaw: order.organizationIsUnderColucheLaw,
          formName: "Checkout",
          meta: order.meta,
          isAnonymous: false,
          isAmountHidden: false,
        },
        payer: order.payer,
        items: items.map((share) => ({
          ...share,
          id: item.id,
          amount: item.amount,
          type: item.type,
          state: item.state,
          name: item.name,
        })),
        ...fields,
      },
      eventType: "Payment",
      metadata: metadataOf(order),
    });
  }

  /** What HelloAsso sends once an order is made: its first payment, then the order. */
  async function notifyOrder(order: FakeOrder) {
    if (!config.notificationUrl) return;
    await send(paymentNotification(order, order.payments[0]!));
    await send(orderNotification(order));
  }

  function later(work: Promise<unknown>) {
    const tracked = work.catch(() => undefined).finally(() => pending.delete(tracked));
    pending.add(tracked);
  }

  async function pay(
    intentId: number,
    payOptions: { amountTotal?: number; firstState?: FakePaymentState } = {},
  ) {
    const intent = requireIntent(intentId);
    const order = createOrder(intent, payOptions.amountTotal, payOptions.firstState);
    await notifyOrder(order);
    return order;
  }

  function refuse(intentId: number) {
    const intent = requireIntent(intentId);
    if (intent.orderId !== null) {
      throw apiError(409, "AlreadyPaid", `Checkout intent ${intentId} is already paid`);
    }
    intent.refusals += 1;
  }

  async function changePayments(orderId: number, change: (p: FakePayment) => FakePaymentState) {
    const order = requireOrder(orderId);
    const changed: FakePayment[] = [];
    for (const payment of order.payments) {
      const state = change(payment);
      if (state !== payment.state) {
        payment.state = state;
        payment.meta.updatedAt = iso();
        if (state === "Refunded") {
          payment.refundOperations.push({
            id: nextPaymentId++,
            amount: payment.amount,
            amountTip: 0,
            status: "Processed",
          });
        }
        changed.push(payment);
      }
    }
    order.meta.updatedAt = iso();
    if (config.notificationUrl) {
      for (const payment of changed) await send(paymentNotification(order, payment));
    }
    return order;
  }

  function setPaymentState(orderId: number, installmentNumber: number, state: FakePaymentState) {
    const order = requireOrder(orderId);
    if (!order.payments.some((p) => p.installmentNumber === installmentNumber)) {
      throw new Error(`Order ${orderId} has no payment ${installmentNumber}`);
    }
    return changePayments(orderId, (p) =>
      p.installmentNumber === installmentNumber ? state : p.state,
    );
  }

  const refund = (orderId: number) =>
    changePayments(orderId, (p) =>
      p.state === "Authorized" ? "Refunded" : p.state === "Pending" ? "Canceled" : p.state,
    );
  const cancel = (orderId: number) =>
    changePayments(orderId, (p) => (p.state === "Refunded" ? p.state : "Canceled"));

  function configure(change: Partial<FakeConfig>) {
    for (const key of Object.keys(config) as (keyof FakeConfig)[]) {
      if (change[key] !== undefined)
        (config as unknown as Record<string, unknown>)[key] = change[key];
    }
    return { ...config };
  }

  function advance(ms: number) {
    if (!(ms >= 0)) throw new Error("advance(ms) takes a positive duration");
    offset += ms;
  }

  function expireTokens() {
    for (const token of accessTokens.keys()) accessTokens.set(token, 0);
  }

  async function resendLastNotification() {
    const last = notifications.at(-1);
    if (!last) throw new Error("No notification sent yet");
    return post(last.url, last.body, last.signature);
  }

  async function notify(orderId: number) {
    return send(orderNotification(requireOrder(orderId)));
  }

  // ---- HTTP ----

  async function api(req: http.IncomingMessage, path: string, raw: string): Promise<unknown> {
    const method = req.method ?? "GET";
    if (method === "POST" && path === "/oauth2/token") {
      return grant(new URLSearchParams(raw));
    }
    let m = /^\/v5\/organizations\/([^/]+)\/checkout-intents(?:\/(\d+))?$/.exec(path);
    if (m) {
      authorize(req);
      if (decodeURIComponent(m[1]!) !== organizationSlug) {
        throw apiError(404, "NotFound", `Organization ${m[1]} not found`);
      }
      if (method === "POST" && !m[2]) return createIntent(raw);
      if (method === "GET" && m[2]) {
        const intent = requireIntent(Number(m[2]));
        const order = intent.orderId === null ? undefined : orderById(intent.orderId);
        return {
          metadata: intent.body.metadata ?? (config.documentedNulls ? null : undefined),
          order: order && answerOrder(order, { byItself: false }),
          id: intent.id,
          redirectUrl: `${url}/checkout/${intent.id}`,
        };
      }
    }
    m = /^\/v5\/orders\/(\d+)$/.exec(path);
    if (m && method === "GET") {
      authorize(req);
      return answerOrder(requireOrder(Number(m[1])), { byItself: true });
    }
    throw apiError(404, "NotFound", `No route ${method} ${path}`);
  }

  /** The order as the API answers it: with documentedNulls, null wherever allowed. */
  function answerOrder(order: FakeOrder, { byItself }: { byItself: boolean }) {
    if (!config.documentedNulls) return order;
    const single = order.payments.length === 1;
    return {
      ...order,
      items: null,
      checkoutIntentId: byItself ? null : order.checkoutIntentId,
      payments: order.payments.map((payment) => ({
        ...payment,
        amountTip: null,
        paymentReceiptUrl: null,
        installmentNumber: single ? null : payment.installmentNumber,
        refundOperations: payment.refundOperations.length ? payment.refundOperations : null,
      })),
    };
  }

  function createIntent(raw: string) {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw apiError(400, "InvalidJson", "The request body is not valid JSON");
    }
    const errors = validateCheckoutBody(body);
    const checkout = body as Record<string, unknown>;
    const payer = (checkout?.payer ?? null) as Record<string, unknown> | null;
    if (errors.length === 0 && payer) {
      errors.push(...payerErrors(payer));
      if (config.rejectPayer && errors.length === 0) {
        errors.push({ code: "InvalidPayer", message: "The payer's details were refused" });
      }
    }
    if (errors.length > 0) throw new HttpError(400, { errors });
    const intent: FakeIntent = {
      id: nextIntentId++,
      body: checkout,
      payer,
      createdAt: iso(),
      refusals: 0,
      orderId: null,
    };
    intents.push(intent);
    return { id: intent.id, redirectUrl: `${url}/checkout/${intent.id}` };
  }

  async function hosted(res: http.ServerResponse, method: string, path: string) {
    const m = /^\/checkout\/(\d+)(?:\/(pay|refuse|abandon))?$/.exec(path);
    if (!m) return false;
    const intent = intentById(Number(m[1]));
    const expired = intent && now() > Date.parse(intent.createdAt) + INTENT_PAGE_LIFETIME_MS;
    const page = (status: number, html: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(html);
    };
    const refusal = !intent
      ? "Paiement introuvable."
      : intent.orderId !== null
        ? "Ce paiement a déjà été effectué."
        : null;
    if (refusal || !intent) {
      page(404, checkoutPage.message(refusal ?? ""));
      return true;
    }
    if (expired) {
      page(410, checkoutPage.message("Ce lien de paiement a expiré."));
      return true;
    }
    const body = intent.body as { returnUrl: string; backUrl: string };
    const redirect = (target: string) => res.writeHead(303, { location: target }).end();
    const back = (params: Record<string, string>) => {
      const target = new URL(body.returnUrl);
      for (const [key, value] of Object.entries(params)) target.searchParams.append(key, value);
      return target.toString();
    };
    if (method === "GET" && !m[2]) {
      page(200, checkoutPage.form(intent));
    } else if (method === "POST" && m[2] === "pay") {
      const order = createOrder(intent);
      if (config.notifyBeforeReturn) await notifyOrder(order);
      redirect(
        back({ checkoutIntentId: String(intent.id), code: "succeeded", orderId: String(order.id) }),
      );
      if (!config.notifyBeforeReturn) later(notifyOrder(order));
    } else if (method === "POST" && m[2] === "refuse") {
      intent.refusals += 1;
      redirect(back({ checkoutIntentId: String(intent.id), code: "refused" }));
    } else if (method === "POST" && m[2] === "abandon") {
      redirect(body.backUrl);
    } else {
      page(405, checkoutPage.message("Méthode non permise."));
    }
    return true;
  }

  async function control(method: string, path: string, raw: string): Promise<unknown> {
    const input = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    if (method === "GET" && path === "/_fake/state") {
      return { config, intents, orders, calls, notifications, now: now() };
    }
    if (method !== "POST") throw apiError(404, "NotFound", `No route ${method} ${path}`);
    if (path === "/_fake/configure") return configure(input as Partial<FakeConfig>);
    if (path === "/_fake/advance") {
      advance(Number(input.ms));
      return { now: now() };
    }
    if (path === "/_fake/expire-tokens") {
      expireTokens();
      return {};
    }
    if (path === "/_fake/resend-last-notification") return resendLastNotification();
    let m = /^\/_fake\/intents\/(\d+)\/(pay|refuse)$/.exec(path);
    if (m?.[2] === "pay") {
      const amountTotal = input.amountTotal === undefined ? undefined : Number(input.amountTotal);
      const firstState = input.firstState as "Authorized" | "WaitingAuthentication" | undefined;
      return pay(Number(m[1]), { amountTotal, firstState });
    }
    m = /^\/_fake\/orders\/(\d+)\/payments\/(\d+)\/state$/.exec(path);
    if (m) return setPaymentState(Number(m[1]), Number(m[2]), input.state as FakePaymentState);
    if (m?.[2] === "refuse") {
      refuse(Number(m[1]));
      return requireIntent(Number(m[1]));
    }
    m = /^\/_fake\/orders\/(\d+)\/(refund|cancel|notify)$/.exec(path);
    if (m?.[2] === "refund") return refund(Number(m[1]));
    if (m?.[2] === "cancel") return cancel(Number(m[1]));
    if (m?.[2] === "notify") return notify(Number(m[1]));
    throw apiError(404, "NotFound", `No route ${method} ${path}`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const method = req.method ?? "GET";
      const target = new URL(req.url ?? "/", url);
      const path = target.pathname;
      const isControl = path.startsWith("/_fake/");
      res.on("finish", () => {
        if (!isControl) calls.push({ method, path: req.url ?? "/", status: res.statusCode });
      });
      void (async () => {
        try {
          if (!isControl && (await hosted(res, method, path))) return;
          const body = isControl ? await control(method, path, raw) : await api(req, path, raw);
          json(res, 200, body ?? {});
        } catch (error) {
          if (error instanceof HttpError) return json(res, error.status, error.body);
          if (isControl && error instanceof Error) {
            return json(res, 400, { errors: [{ code: "Fake", message: error.message }] });
          }
          json(res, 500, { errors: [{ code: "InternalError", message: String(error) }] });
        }
      })();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;

  return {
    url,
    organizationSlug,
    clientId,
    clientSecret,
    async close() {
      await Promise.all(pending);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    pay,
    setPaymentState,
    refuse,
    refund,
    cancel,
    advance,
    expireTokens,
    configure,
    get config() {
      return { ...config };
    },
    intents,
    orders,
    calls,
    notifications,
    resendLastNotification,
    notify,
    orderNotification: (orderId) => orderNotification(requireOrder(orderId)),
    paymentNotification(orderId, installmentNumber) {
      const order = requireOrder(orderId);
      const payment = order.payments.find((p) => p.installmentNumber === installmentNumber);
      if (!payment) throw new Error(`Order ${orderId} has no payment ${installmentNumber}`);
      return paymentNotification(order, payment);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    now,
  };
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/** A term's date as HelloAsso dates a future payment. */
function termDate(date: string) {
  return new Date(date.length === 10 ? `${date}T00:00:00Z` : date).toISOString();
}

// ---- The checkout body, as HelloAsso validates it (InitCheckoutBody, CheckoutPayer) ----

interface ApiErrorItem {
  code: string;
  message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isPositiveInteger = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0;
const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;
const isDate = (value: unknown) =>
  typeof value === "string" && DATE.test(value) && !Number.isNaN(Date.parse(value.slice(0, 10)));

function isHttpUrl(value: unknown) {
  if (typeof value !== "string") return false;
  try {
    const parsed = new URL(value);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

/** Every error HelloAsso would answer for this InitCheckoutBody (the payer aside). */
export function validateCheckoutBody(body: unknown): ApiErrorItem[] {
  const errors: ApiErrorItem[] = [];
  const fail = (code: string, message: string) => errors.push({ code, message });
  if (!isObject(body)) return [{ code: "InvalidBody", message: "The body must be a JSON object" }];
  const { totalAmount, initialAmount, itemName, terms, metadata, payer } = body;
  if (!isPositiveInteger(totalAmount))
    fail("InvalidTotalAmount", "totalAmount must be a positive integer (cents)");
  if (!isPositiveInteger(initialAmount))
    fail("InvalidInitialAmount", "initialAmount must be a positive integer (cents)");
  let termsTotal = 0;
  if (terms !== undefined && terms !== null) {
    if (!Array.isArray(terms)) fail("InvalidTerms", "terms must be an array");
    else {
      terms.forEach((term: unknown, i) => {
        if (!isObject(term) || !isPositiveInteger(term.amount) || !isDate(term.date)) {
          fail(
            "InvalidTerms",
            `terms[${i}] needs a positive integer amount and a date (YYYY-MM-DD)`,
          );
        } else termsTotal += term.amount;
      });
    }
  }
  if (isPositiveInteger(totalAmount) && isPositiveInteger(initialAmount)) {
    if (totalAmount !== initialAmount + termsTotal) {
      fail(
        "InvalidTotalAmount",
        "totalAmount must equal initialAmount plus the sum of the terms' amounts",
      );
    }
  }
  if (typeof itemName !== "string" || itemName.trim() === "")
    fail("InvalidItemName", "itemName is required");
  else if (itemName.length > 250) fail("InvalidItemName", "itemName is limited to 250 characters");
  for (const key of ["backUrl", "errorUrl", "returnUrl"]) {
    if (!isHttpUrl(body[key])) fail("InvalidUrl", `${key} must be an absolute http(s) URL`);
  }
  if (typeof body.containsDonation !== "boolean")
    fail("InvalidContainsDonation", "containsDonation must be a boolean");
  if (metadata !== undefined && metadata !== null) {
    if (!isObject(metadata)) fail("InvalidMetadata", "metadata must be a JSON object");
    else if (JSON.stringify(metadata).length > 20000)
      fail("InvalidMetadata", "metadata is limited to 20000 characters");
  }
  if (payer !== undefined && payer !== null && !isObject(payer))
    fail("InvalidPayer", "payer must be an object");
  return errors;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The payer's details HelloAsso refuses, as Hyperion (an open-source HelloAsso client) met
 * them: an invalid email, digits in a name.
 */
export function payerErrors(payer: Record<string, unknown>): ApiErrorItem[] {
  const errors: ApiErrorItem[] = [];
  const fail = (message: string) => errors.push({ code: "InvalidPayer", message });
  if (payer.email !== undefined && !(typeof payer.email === "string" && EMAIL.test(payer.email))) {
    fail("payer.email is not a valid email address");
  }
  for (const key of ["firstName", "lastName"]) {
    const value = payer[key];
    if (
      value !== undefined &&
      (typeof value !== "string" || /\d/.test(value) || value.trim() === "")
    ) {
      fail(`payer.${key} must be a name without digits`);
    }
  }
  if (
    payer.country !== undefined &&
    !(typeof payer.country === "string" && /^[A-Z]{3}$/i.test(payer.country))
  ) {
    fail("payer.country must be a 3-letter country code");
  }
  if (payer.dateOfBirth !== undefined && !isDate(payer.dateOfBirth)) {
    fail("payer.dateOfBirth must be a date");
  }
  return errors;
}

// ---- The hosted payment page (plain forms, no script) ----

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const euros = (cents: number) =>
  `${(cents / 100).toLocaleString("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

const frenchDate = (date: string) =>
  new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString("fr-FR", { timeZone: "UTC" });

function layout(title: string, content: string) {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – HelloAsso (simulé)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.4rem}form{display:inline}button{font-size:1rem;padding:.6rem 1rem;margin:.3rem .3rem 0 0;border-radius:.4rem;border:1px solid #6b7280;background:#fff;cursor:pointer}
button.pay{background:#4c40cf;color:#fff;border-color:#4c40cf}.amount{font-size:1.6rem;font-weight:700}</style></head>
<body><p>HelloAsso (serveur de test)</p>${content}</body></html>`;
}

export const checkoutPage = {
  message(text: string) {
    return layout(text, `<h1>${escapeHtml(text)}</h1>`);
  },
  form(intent: FakeIntent) {
    const body = intent.body as {
      itemName: string;
      totalAmount: number;
      initialAmount: number;
      terms?: { amount: number; date: string }[];
    };
    const terms = body.terms ?? [];
    const schedule = terms.length
      ? `<p>En ${terms.length + 1} fois : ${euros(body.initialAmount)} aujourd’hui, puis ${terms
          .map((t) => `${euros(t.amount)} le ${frenchDate(t.date)}`)
          .join(", ")}.</p>`
      : "";
    const refused = intent.refusals > 0 ? `<p role="alert">Votre carte a été refusée.</p>` : "";
    const button = (action: string, label: string, cls = "") =>
      `<form method="post" action="/checkout/${intent.id}/${action}"><button type="submit"${cls ? ` class="${cls}"` : ""}>${label}</button></form>`;
    return layout(
      "Paiement",
      `<h1>${escapeHtml(body.itemName)}</h1><p class="amount">${euros(body.totalAmount)}</p>${schedule}${refused}
<div>${button("pay", "Payer", "pay")}${button("refuse", "Refuser la carte")}${button("abandon", "Abandonner")}</div>`,
    );
  },
};
