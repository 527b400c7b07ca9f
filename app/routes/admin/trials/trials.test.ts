import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { book, mondayClass, outbox, resetTrialData } from "../../../../tests/trial";
import { action, loader } from "./trials";

/* /admin/essais with real Requests from a signed-in admin: the list, attendance, cancellation. */

let cookie: string;
let bookingId: number;

const row = () =>
  getDb()
    .selectFrom("trial_bookings")
    .select(["status", "attendance"])
    .where("id", "=", bookingId)
    .executeTakeFirstOrThrow();
const post = (fields: Record<string, string>) =>
  callRoute(action, postRequest("/admin/essais", fields, { cookie }));

beforeEach(async () => {
  await resetTrialData();
  ({ cookie } = await signIn(await createUser(`coach${Date.now()}`, "mot-de-passe")));
  const { id } = await mondayClass(2);
  bookingId = await book(id, "lea@example.fr");
  await getDb().deleteFrom("mail_outbox").execute();
});

describe("admin trials screen", () => {
  it("lists the session with its booking, not yet begun", async () => {
    const answer = await callRoute(loader, getRequest("/admin/essais", { cookie }));
    const { rows: sessions, counts } = answer.data as {
      rows: { started: boolean; placesLeft: number; bookings: { email: string }[] }[];
      counts: Record<string, number>;
    };
    expect(counts).toEqual({ "a-venir": 1, passees: 0, toutes: 1 });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ started: false, placesLeft: 1 });
    expect(sessions[0]!.bookings.map((b) => b.email)).toEqual(["lea@example.fr"]);
  });

  it("reads the period and the search from the URL", async () => {
    const load = async (query: string) =>
      (await callRoute(loader, getRequest(`/admin/essais${query}`, { cookie }))).data as {
        rows: unknown[];
      };
    expect((await load("?periode=passees")).rows).toEqual([]);
    expect((await load("?periode=toutes&q=lea")).rows).toHaveLength(1);
    expect((await load("?q=personne")).rows).toEqual([]);
  });

  it("refuses attendance before the session, and cancels a booking with a mail to the person", async () => {
    const early = await post({
      intent: "attendance",
      id: String(bookingId),
      attendance: "present",
    });
    expect(early.status).toBe(400);
    expect(early.data).toMatchObject({
      toast: { type: "error", message: "La présence se note une fois la séance commencée." },
    });
    expect(await row()).toEqual({ status: "booked", attendance: "" });
    const cancelled = await post({ intent: "cancel", id: String(bookingId) });
    expect(cancelled.data).toMatchObject({ toast: { type: "success" } });
    expect((await row()).status).toBe("cancelled");
    expect((await outbox()).map((mail) => mail.to_address)).toEqual(["lea@example.fr"]);
  });

  it("refuses an unknown intent or attendance with a French message", async () => {
    const refused: Record<string, string>[] = [
      { intent: "delete", id: String(bookingId) },
      { intent: "attendance", id: String(bookingId), attendance: "peut-être" },
      { intent: "cancel", id: "abc" },
    ];
    for (const fields of refused) {
      const answer = await post(fields);
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({
        toast: { message: "Action inconnue : rechargez la page." },
      });
    }
    expect(await row()).toEqual({ status: "booked", attendance: "" });
  });
});
