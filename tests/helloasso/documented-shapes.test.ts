import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { ANSWER_SCHEMAS } from "~/domains/membership/helloasso/api.server";
import { type FakeHelloAsso, startFakeHelloAsso } from "./fake-server";

/*
 * HelloAsso as HelloAsso documents it (documented/README.md names each source): the fake
 * sends and answers nothing those texts do not show, and the client reads nothing they do
 * not promise and takes every null they allow.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type OpenApiSchema = {
  type?: string;
  nullable?: boolean;
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  $ref?: string;
  allOf?: OpenApiSchema[];
  enum?: string[];
};

const documented = (name: string) =>
  JSON.parse(readFileSync(new URL(`documented/${name}`, import.meta.url), "utf8")) as Json;
const OPENAPI = documented("openapi-models.json") as unknown as {
  schemas: Record<string, OpenApiSchema>;
};
const PAYMENT_EXAMPLE = documented("payment-checkout.json");
const ORDER_EXAMPLE = documented("order-checkout-instalments.json");

function resolve(schema: OpenApiSchema): OpenApiSchema {
  const ref = schema.$ref ?? schema.allOf?.[0]?.$ref;
  if (!ref) return schema;
  const name = ref.replace("#/components/schemas/HelloAsso.Api.V5.Common.Models.", "");
  const found = OPENAPI.schemas[name];
  if (!found) throw new Error(`${ref} is not in documented/openapi-models.json`);
  return { ...resolve(found), nullable: schema.nullable ?? found.nullable };
}

/**
 * Every path of a JSON value's keys ("data.payments[].id"), arrays' items merged; the
 * metadata's own keys aside (they are ours, sent back as we gave them).
 */
function keyPaths(value: Json, prefix = ""): Set<string> {
  const paths = new Set<string>();
  if (prefix === "metadata") return paths;
  if (Array.isArray(value)) {
    for (const item of value) for (const path of keyPaths(item, `${prefix}[]`)) paths.add(path);
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      paths.add(path);
      for (const inner of keyPaths(child, path)) paths.add(inner);
    }
  }
  return paths;
}

/** The keys of a JSON value that its OpenAPI model does not have. */
function undocumentedKeys(value: Json, schema: OpenApiSchema, prefix = ""): string[] {
  const model = resolve(schema);
  if (value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) {
    return value.flatMap((item) => undocumentedKeys(item, model.items ?? {}, `${prefix}[]`));
  }
  if (!model.properties) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const property = model.properties![key];
    const path = prefix ? `${prefix}.${key}` : key;
    return property ? undocumentedKeys(child, property, path) : [path];
  });
}

/** The sample with one nullable property (by its path in the model) set to null. */
function nullablePaths(schema: OpenApiSchema, prefix = "", depth = 0): string[] {
  const model = resolve(schema);
  if (depth > 3) return [];
  if (model.items) return nullablePaths(model.items, `${prefix}[]`, depth + 1);
  return Object.entries(model.properties ?? {}).flatMap(([key, property]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const here = resolve(property).nullable ? [path] : [];
    return [...here, ...nullablePaths(property, path, depth + 1)];
  });
}

function withNull(value: Json, path: string[]): Json {
  if (path.length === 0) return null;
  const [head, ...rest] = path;
  if (head === "[]")
    return Array.isArray(value) ? value.map((item) => withNull(item, rest)) : value;
  if (value === null || typeof value !== "object" || Array.isArray(value) || !(head! in value)) {
    return value;
  }
  return { ...value, [head!]: withNull(value[head!]!, rest) };
}

const splitPath = (path: string) => path.replace(/\[\]/g, ".[]").split(".").filter(Boolean);

/** The documented order, as the API answers it: the Order notification's data, API fields only. */
function documentedOrder(): Json {
  const data = (ORDER_EXAMPLE as { data: { [key: string]: Json } }).data;
  const model = OPENAPI.schemas["Statistics.OrderDetail"]!.properties!;
  return Object.fromEntries(Object.entries(data).filter(([key]) => key in model));
}

const SAMPLES: Record<keyof typeof ANSWER_SCHEMAS, Json> = {
  "Statistics.OrderDetail": documentedOrder(),
  "Statistics.OrderPayment": (documentedOrder() as { payments: Json[] }).payments[0]!,
  "Carts.CheckoutIntentResponse": {
    metadata: { checkout: 12, nonce: "n" },
    order: documentedOrder(),
    id: 75698555,
    redirectUrl: "https://www.helloasso-sandbox.com/checkout/75698555",
  },
  "Carts.InitCheckoutResponse": {
    id: 75698555,
    redirectUrl: "https://www.helloasso-sandbox.com/checkout/75698555",
  },
};

/** The keys a zod object reads, its nested objects' keys under their path. */
function readKeys(schema: z.ZodType, prefix = ""): string[] {
  let inner: z.ZodType = schema;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
    else if (inner instanceof z.ZodArray) {
      return readKeys(inner.element as z.ZodType, `${prefix}[]`);
    } else break;
  }
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...readKeys(child, path)];
  });
}

/** The model's property paths, as readKeys writes them. */
function modelPaths(schema: OpenApiSchema, prefix = "", depth = 0): string[] {
  const model = resolve(schema);
  if (depth > 3) return [];
  if (model.items) return modelPaths(model.items, `${prefix}[]`, depth + 1);
  return Object.entries(model.properties ?? {}).flatMap(([key, property]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...modelPaths(property, path, depth + 1)];
  });
}

describe("the client reads what HelloAsso documents", () => {
  for (const [name, schema] of Object.entries(ANSWER_SCHEMAS)) {
    const model = OPENAPI.schemas[name]!;
    const sample = SAMPLES[name as keyof typeof ANSWER_SCHEMAS];

    test(`${name}: every field read is in the OpenAPI model`, () => {
      const documentedPaths = new Set(modelPaths(model));
      expect(readKeys(schema).filter((path) => !documentedPaths.has(path))).toEqual([]);
    });

    test(`${name}: the documented example reads, and so does each allowed null`, () => {
      expect(schema.safeParse(sample).success).toBe(true);
      const refused = nullablePaths(model).filter(
        (path) => !schema.safeParse(withNull(sample, splitPath(path))).success,
      );
      expect(refused).toEqual([]);
    });
  }

  test("an order with no payments yet reads as none, a single payment with no number reads", () => {
    const order = ANSWER_SCHEMAS["Statistics.OrderDetail"].parse({
      ...(documentedOrder() as object),
      payments: null,
      checkoutIntentId: null,
    });
    expect(order.payments).toEqual([]);
    expect(order.checkoutIntentId).toBeNull();
  });
});

/** The paths where a JSON value holds null. */
function nullPaths(value: Json, prefix = ""): string[] {
  if (value === null) return [prefix];
  if (Array.isArray(value)) return value.flatMap((item) => nullPaths(item, `${prefix}[]`));
  if (typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) =>
    nullPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the fake sends and answers what HelloAsso documents", () => {
  let fake: FakeHelloAsso;
  let bearer = "";

  beforeAll(async () => {
    fake = await startFakeHelloAsso();
    const answer = await fetch(`${fake.url}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
      }),
    });
    bearer = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await fake.close();
  });

  async function call(path: string, body?: unknown): Promise<Json> {
    const answer = await fetch(`${fake.url}/v5${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as Json;
  }

  /** A checkout in 3 paid: the intent's answer, the order's id. */
  async function paidInThree() {
    const made = (await call(`/organizations/${fake.organizationSlug}/checkout-intents`, {
      totalAmount: 30000,
      initialAmount: 10000,
      itemName: "Adhésion 2026-2027 – 2 membres",
      backUrl: "https://club.example/retour",
      errorUrl: "https://club.example/erreur",
      returnUrl: "https://club.example/retour",
      containsDonation: false,
      terms: [
        { amount: 10000, date: "2026-12-05" },
        { amount: 10000, date: "2027-01-05" },
      ],
      metadata: { checkout: 12, file: "ADH-26-001", nonce: "n" },
    })) as { id: number };
    const order = await fake.pay(made.id);
    return { made, intentId: made.id, orderId: order.id };
  }

  test("its Payment and Order notifications hold only the documented examples' fields", async () => {
    const { orderId } = await paidInThree();
    await fake.setPaymentState(orderId, 2, "Authorized");
    for (const n of [1, 2, 3]) {
      const body = JSON.parse(fake.paymentNotification(orderId, n)) as Json;
      const extra = [...keyPaths(body)].filter((path) => !keyPaths(PAYMENT_EXAMPLE).has(path));
      expect(extra).toEqual([]);
      expect(body).toMatchObject({ eventType: "Payment", data: { order: { id: orderId } } });
    }
    const order = JSON.parse(fake.orderNotification(orderId)) as Json;
    expect([...keyPaths(order)].filter((path) => !keyPaths(ORDER_EXAMPLE).has(path))).toEqual([]);
    // What HelloAsso does not send, the fake does not either.
    expect(keyPaths(JSON.parse(fake.paymentNotification(orderId, 1)) as Json)).not.toContain(
      "data.order.checkoutIntentId",
    );
  });

  for (const documentedNulls of [false, true]) {
    test(`its answers hold only the OpenAPI models' fields (documentedNulls: ${documentedNulls})`, async () => {
      fake.configure({ documentedNulls });
      const { made, intentId, orderId } = await paidInThree();
      const answers: [Json, string][] = [
        [made as unknown as Json, "Carts.InitCheckoutResponse"],
        [
          await call(`/organizations/${fake.organizationSlug}/checkout-intents/${intentId}`),
          "Carts.CheckoutIntentResponse",
        ],
        [await call(`/orders/${orderId}`), "Statistics.OrderDetail"],
      ];
      for (const [answer, name] of answers) {
        const model = OPENAPI.schemas[name]!;
        expect(undocumentedKeys(answer, model)).toEqual([]);
        const allowed = new Set(nullablePaths(model));
        expect(nullPaths(answer).filter((path) => !allowed.has(path))).toEqual([]);
      }
      if (documentedNulls) {
        expect(nullPaths(answers[2]![0])).toContain("checkoutIntentId");
      }
      fake.configure({ documentedNulls: false });
    });
  }
});
