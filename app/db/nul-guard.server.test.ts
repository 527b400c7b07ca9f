import { describe, expect, it } from "vitest";
import { getDb } from "./client.server";
import { NUL_MESSAGE } from "./nul-guard.server";

/* The last net under the forms: no query carries a NUL to either engine. */

const stamp = new Date().toISOString();
const message = (name: string) => ({
  name,
  email: "a@example.fr",
  phone: "",
  subject: "Autre",
  message: "Bonjour, une question.",
  folder: "inbox",
  spam_reason: "",
  ip: "203.0.113.1",
  fingerprint: name,
  read_at: null,
  created_at: stamp,
  updated_at: stamp,
});

async function refusal(work: () => Promise<unknown>): Promise<Response> {
  try {
    await work();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("the query was not refused");
}

describe("a NUL in a query", () => {
  it("is refused as a 400 with a French message, in a write and in a read", async () => {
    const insert = await refusal(() =>
      getDb().insertInto("contact_messages").values(message("Léa\u0000")).execute(),
    );
    expect(insert.status).toBe(400);
    expect(await insert.text()).toBe(NUL_MESSAGE);
    const read = await refusal(() =>
      getDb().selectFrom("users").select("id").where("username", "=", "\u0000").execute(),
    );
    expect(read.status).toBe(400);
  });

  it("rolls back the whole transaction around it: nothing is half-written", async () => {
    await getDb().deleteFrom("contact_messages").execute();
    await refusal(() =>
      getDb()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto("contact_messages").values(message("Léa")).execute();
          await trx.insertInto("contact_messages").values(message("Léo\u0000")).execute();
        }),
    );
    expect(await getDb().selectFrom("contact_messages").select("id").execute()).toEqual([]);
  });
});
