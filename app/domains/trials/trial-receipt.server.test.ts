import { beforeEach, describe, expect, it } from "vitest";
import { mondayClass, NEXT_MONDAY, NOW, request, resetTrialData } from "../../../tests/trial";
import { bookTrial, cancelBookingByToken } from "./trial-booking.server";
import { getTrialReceipt, readReceiptRef, receiptRef, RECEIPT_HOURS } from "./trial-receipt.server";

/* The confirmation page's reference: signed, expiring, and naming only its own booking. */

beforeEach(resetTrialData);

describe("receipt references", () => {
  it("reads back a reference it signed, until it expires; refuses one altered", () => {
    const ref = receiptRef(42, NOW, "clé");
    expect(readReceiptRef(ref, NOW, "clé")).toBe(42);
    const later = new Date(NOW.getTime() + RECEIPT_HOURS * 3600_000 + 1000);
    expect(readReceiptRef(ref, later, "clé")).toBeNull();
    expect(readReceiptRef(ref.replace(/^42/, "43"), NOW, "clé")).toBeNull();
    expect(readReceiptRef(ref, NOW, "autre clé")).toBeNull();
    expect(readReceiptRef("42", NOW, "clé")).toBeNull();
    expect(readReceiptRef(null, NOW, "clé")).toBeNull();
  });

  it("names the child, the e-mail and the session, and says when the booking was cancelled", async () => {
    const open = await mondayClass(3, 6);
    const child = { firstName: "Noé", lastName: "Martin", birthYear: 2016 };
    const booked = await bookTrial(request(open.id, { email: "lea@exemple.fr", child }), NOW);
    if (!booked.ok) throw new Error(booked.refusal);
    const ref = receiptRef(booked.bookingId);
    expect(await getTrialReceipt(ref)).toEqual({
      status: "booked",
      personName: "Noé Martin",
      forChild: true,
      email: "lea@exemple.fr",
      title: "Boxe anglaise loisir",
      onDate: NEXT_MONDAY,
      onStart: "19h00",
      onEnd: "20h30",
    });
    await cancelBookingByToken(booked.cancelToken, NOW);
    expect(await getTrialReceipt(ref)).toEqual(expect.objectContaining({ status: "cancelled" }));
  });
});
