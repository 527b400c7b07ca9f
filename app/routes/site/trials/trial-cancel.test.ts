import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { bookTrial } from "~/domains/trials/trial-booking.server";
import { callRoute, getRequest, postRequest } from "../../../../tests/auth";
import { mondayClass, NOW, request, resetTrialData } from "../../../../tests/trial";
import { action, loader } from "./trial-cancel";

/*
 * /essai/annuler/:token with real Requests: opening the link changes nothing, the POST
 * cancels once (and frees the place for the waitlist), a used or unknown link says so.
 */

let token: string;

const open = (query = "", which = token) =>
  callRoute(loader, getRequest(`/essai/annuler/${which}${query}`), {}, { token: which });
const cancel = (which = token) =>
  callRoute(action, postRequest(`/essai/annuler/${which}`, {}), {}, { token: which });
const statuses = () =>
  getDb().selectFrom("trial_bookings").select(["status"]).orderBy("id").execute();

beforeEach(async () => {
  await resetTrialData();
  const { id } = await mondayClass(1);
  const booked = await bookTrial(request(id), NOW);
  if (!booked.ok) throw new Error(booked.refusal);
  token = booked.cancelToken;
  await bookTrial(request(id, { waitlist: true }), NOW);
});

describe("trial cancellation page", () => {
  it("asks first: opening the link cancels nothing", async () => {
    const page = await open();
    expect(page.data).toMatchObject({
      state: "open",
      booking: { status: "booked", activityTitle: "Boxe anglaise loisir", onStart: "19h00" },
    });
    expect(await statuses()).toEqual([{ status: "booked" }, { status: "waitlist" }]);
  });

  it("cancels once on the POST, gives the place to the waitlist, then says the link was used", async () => {
    const done = await cancel();
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/essai/annuler/${token}?annulee=1`);
    expect(await statuses()).toEqual([{ status: "cancelled" }, { status: "booked" }]);
    expect((await open("?annulee=1")).data).toMatchObject({ state: "cancelled" });
    expect((await open()).data).toMatchObject({ state: "used" });
    const again = await cancel();
    expect(again.headers.get("location")).toBe(`/essai/annuler/${token}`);
    expect(await statuses()).toEqual([{ status: "cancelled" }, { status: "booked" }]);
  });

  it("says an unknown or malformed link is not valid, and cancels nothing", async () => {
    for (const wrong of [`${token.slice(0, -4)}abcd`, "court", "a/b"]) {
      expect((await open("", wrong)).data).toEqual({ state: "unknown", booking: null });
      await cancel(wrong);
    }
    expect(await statuses()).toEqual([{ status: "booked" }, { status: "waitlist" }]);
  });
});
