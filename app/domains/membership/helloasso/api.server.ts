import { z } from "zod";
import type { HelloAssoConfig } from "./config.server";

/*
 * HelloAsso's API v5 as this site uses it (docs/decisions/025-helloasso.md): a token by
 * client credentials (kept per process, refreshed a minute before it expires, asked again
 * when HelloAsso answers 401), checkout intents made and read, orders read. What HelloAsso
 * answers is parsed, never trusted blindly: the fields read are checked for their type.
 */

/** Each call gives up after this (the family waits on the page). */
const TIMEOUT_MS = 10_000;
/** A token is renewed this long before HelloAsso says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export class HelloAssoError extends Error {
  constructor(
    message: string,
    /** HelloAsso's HTTP status; null when it could not be reached. */
    readonly status: number | null,
  ) {
    super(message);
  }
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  expires_in: z.number().positive(),
});

type Token = { access: string; refresh: string | null; expiresAt: number };
const tokens = new Map<string, Token>();

/** Forgets the tokens (tests; after the admin changes the client). */
export function forgetHelloAssoTokens(): void {
  tokens.clear();
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new HelloAssoError(`HelloAsso ne répond pas (${(error as Error).message})`, null);
  }
}

async function grant(config: HelloAssoConfig, fields: Record<string, string>, now: number) {
  const answer = await send(`${config.apiUrl}/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams(fields),
  });
  const parsed = TokenAnswer.safeParse(await answer.json().catch(() => null));
  if (!answer.ok || !parsed.success) {
    throw new HelloAssoError(
      answer.status === 400 || answer.status === 401
        ? "HelloAsso refuse l'identifiant ou le secret du client API."
        : `HelloAsso n'a pas donné de jeton (HTTP ${answer.status}).`,
      answer.status,
    );
  }
  return {
    access: parsed.data.access_token,
    refresh: parsed.data.refresh_token ?? null,
    expiresAt: now + parsed.data.expires_in * 1000,
  };
}

/** A valid access token: the one kept, refreshed, or a new one by client credentials. */
export async function accessToken(
  config: HelloAssoConfig,
  { now = Date.now(), fresh = false }: { now?: number; fresh?: boolean } = {},
): Promise<string> {
  const key = `${config.apiUrl} ${config.clientId}`;
  const kept = tokens.get(key);
  if (kept && !fresh && kept.expiresAt - TOKEN_MARGIN_MS > now) return kept.access;
  let token: Token | null = null;
  if (kept?.refresh && !fresh) {
    token = await grant(
      config,
      { grant_type: "refresh_token", client_id: config.clientId, refresh_token: kept.refresh },
      now,
    ).catch(() => null);
  }
  token ??= await grant(
    config,
    {
      grant_type: "client_credentials",
      client_id: config.clientId,
      client_secret: config.clientSecret,
    },
    now,
  );
  tokens.set(key, token);
  return token.access;
}

/** One call to /v5, JSON both ways; a 401 asks for a new token once. */
async function call(
  config: HelloAssoConfig,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<unknown> {
  for (const fresh of [false, true]) {
    const answer = await send(`${config.apiUrl}/v5${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await accessToken(config, { fresh })}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status === 401 && !fresh) continue;
    const text = await answer.text();
    if (!answer.ok) {
      throw new HelloAssoError(
        `HelloAsso a répondu HTTP ${answer.status} : ${text.slice(0, 300)}`,
        answer.status,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new HelloAssoError("HelloAsso a répondu autre chose que du JSON.", answer.status);
    }
  }
  throw new HelloAssoError("HelloAsso refuse le jeton.", 401);
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HelloAssoError(`Réponse de HelloAsso illisible (${what}).`, 200);
  return parsed.data;
}

/** The InitCheckoutBody (HelloAssoApiV5CommonModelsCartsInitCheckoutBody), amounts in cents. */
export interface CheckoutBody {
  totalAmount: number;
  initialAmount: number;
  itemName: string;
  backUrl: string;
  errorUrl: string;
  returnUrl: string;
  containsDonation: false;
  terms?: { amount: number; date: string }[];
  payer?: { firstName: string; lastName: string; email: string };
  metadata: Record<string, string | number>;
}

const Id = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String);

/*
 * The answers' models as HelloAsso's OpenAPI text gives them (helloasso-open-api,
 * helloasso.json: Statistics.OrderDetail, Statistics.OrderPayment, Carts.CheckoutIntentResponse).
 * Only fields it documents are read; a field it marks nullable may be null or absent.
 * api.server.test.ts holds these schemas to that text.
 */

const OrderPayment = z.object({
  id: Id,
  amount: z.number().int(),
  state: z.string(),
  date: z.string().nullish(),
  installmentNumber: z.number().int().nullish(),
});

const Order = z.object({
  id: Id,
  checkoutIntentId: Id.nullish(),
  amount: z.object({ total: z.number().int() }),
  payments: z
    .array(OrderPayment)
    .nullish()
    .transform((payments) => payments ?? []),
});

export type HelloAssoOrder = z.infer<typeof Order>;
export type HelloAssoPayment = z.infer<typeof OrderPayment>;

const CheckoutIntent = z.object({
  id: Id,
  metadata: z.record(z.string(), z.unknown()).nullish(),
  order: Order.nullish(),
});

export type HelloAssoCheckoutIntent = z.infer<typeof CheckoutIntent>;

const InitCheckoutResponse = z.object({
  id: Id,
  redirectUrl: z.url({ protocol: /^https?$/ }).nullish(),
});

/** The schemas above, for the test that holds them to HelloAsso's OpenAPI text. */
export const ANSWER_SCHEMAS = {
  "Statistics.OrderDetail": Order,
  "Statistics.OrderPayment": OrderPayment,
  "Carts.CheckoutIntentResponse": CheckoutIntent,
  "Carts.InitCheckoutResponse": InitCheckoutResponse,
} as const;

export async function createCheckoutIntent(config: HelloAssoConfig, body: CheckoutBody) {
  const answer = await call(
    config,
    "POST",
    `/organizations/${encodeURIComponent(config.organizationSlug)}/checkout-intents`,
    body,
  );
  const made = parse(InitCheckoutResponse, answer, "intention de paiement");
  if (!made.redirectUrl)
    throw new HelloAssoError("HelloAsso n'a pas donné de page de paiement.", 200);
  return { id: made.id, redirectUrl: made.redirectUrl };
}

export async function getCheckoutIntent(
  config: HelloAssoConfig,
  intentId: string,
): Promise<HelloAssoCheckoutIntent> {
  const answer = await call(
    config,
    "GET",
    `/organizations/${encodeURIComponent(config.organizationSlug)}/checkout-intents/${encodeURIComponent(intentId)}`,
  );
  return parse(CheckoutIntent, answer, "intention de paiement");
}

export async function getOrder(config: HelloAssoConfig, orderId: string): Promise<HelloAssoOrder> {
  return parse(
    Order,
    await call(config, "GET", `/orders/${encodeURIComponent(orderId)}`),
    "commande",
  );
}
