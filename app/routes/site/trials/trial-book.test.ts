import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { setSiteAddress } from "../../../../tests/site-address";
import { getFormSecret } from "~/core/env.server";
import { signFormStamp } from "~/utils/form-stamp.server";
import { callRoute, postRequest } from "../../../../tests/auth";
import { createActivity } from "../../../../tests/factories";
import { mondayClass, NEXT_MONDAY, resetTrialData } from "../../../../tests/trial";
import { action } from "./trial-book";
import { TRIAL_NOT_TAKEN } from "./trial-book.server";
import { loader as confirmationLoader } from "./trial-confirmed";

/*
 * The POST of /essai/:activityId/:date with real Requests: a robot gets a person's answer
 * and books nothing, an address over the limit is told so, and every refusal sends the
 * form back with what was typed.
 */

const PERSON = {
  first_name: "Léa",
  last_name: "Martin",
  email: "Lea.Martin@Example.fr",
  phone: "06 12 34 56 78",
  level: "debutant",
  message: "Première fois.",
};

let activityId: number;

function post(
  fields: Record<string, string>,
  ip = "203.0.113.9",
  origin?: string,
  id = activityId,
) {
  const path = `/essai/${id}/${NEXT_MONDAY}`;
  const request = postRequest(
    path,
    {
      jeton: signFormStamp(getFormSecret(), Date.now() - 10_000),
      site_web: "",
      ...fields,
    },
    { origin },
  );
  return callRoute(
    action,
    request,
    { clientIp: ip },
    {
      activityId: String(id),
      date: NEXT_MONDAY,
    },
  );
}

const bookings = () =>
  getDb().selectFrom("trial_bookings").select(["email", "status"]).orderBy("id").execute();

beforeEach(async () => {
  await resetTrialData();
  await getDb().deleteFrom("trial_requests").execute();
  activityId = (await mondayClass(1)).id;
});

describe("trial booking action", () => {
  it("books and redirects to the confirmation; the e-mail is stored in lower case", async () => {
    const answer = await post(PERSON);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(
      new RegExp(
        `^/essai/confirmation\\?activite=${activityId}&date=${NEXT_MONDAY}&statut=reservee&ref=\\d+\\.\\d+\\.[\\w-]{22}$`,
      ),
    );
    expect(await bookings()).toEqual([{ email: "lea.martin@example.fr", status: "booked" }]);
  });

  it("never links a mail to the Host a visitor sent: PUBLIC_URL unset, « Adresse du site »", async () => {
    await setSiteAddress("https://club.example");
    const answer = await post(PERSON, "203.0.113.9", "https://victime.example");
    expect(answer.status).toBe(302);
    const [mail] = await getDb().selectFrom("mail_outbox").select("body_text").execute();
    expect(mail!.body_text).toContain("https://club.example/essai/annuler/");
    expect(mail!.body_text).not.toContain("victime.example");
  });

  it("never tells a robot « réservé », books nothing, and says why in French: honeypot, no stamp, too fast", async () => {
    for (const fields of [
      { ...PERSON, site_web: "https://promo.example" },
      { ...PERSON, jeton: "" },
      { ...PERSON, jeton: signFormStamp(getFormSecret()) },
    ]) {
      const answer = await post(fields);
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({
        values: { first_name: "Léa", email: "Lea.Martin@Example.fr" },
        errors: { form: TRIAL_NOT_TAKEN },
      });
    }
    expect(await bookings()).toEqual([]);
  });

  it("takes a form sent again after a too-fast first try, with its stamp kept", async () => {
    const shown = signFormStamp(getFormSecret());
    const first = await post({ ...PERSON, jeton: shown });
    expect(first.status).toBe(400);
    const kept = (first.data as { stamp: string }).stamp;
    expect(kept).toBe(shown);
    // A person with autofill, two seconds after the page appeared (the stamp's time is
    // rounded up to the second: over 1 s however it fell).
    const again = await post({
      ...PERSON,
      jeton: signFormStamp(getFormSecret(), Date.now() - 2_000),
    });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toMatch(/statut=reservee&ref=/);
  });

  it("sends the form back with its French errors and every value typed", async () => {
    const answer = await post({ ...PERSON, email: "lea-at-example", level: "" });
    expect(answer.status).toBe(400);
    const data = answer.data as { values: Record<string, string>; errors: Record<string, string> };
    expect(data.errors).toEqual({
      email: "Cette adresse e-mail n'est pas valide (exemple : prenom.nom@exemple.fr).",
      level: "Choisissez votre niveau : débutant ou déjà pratiqué.",
    });
    expect(data.values).toMatchObject({ first_name: "Léa", email: "lea-at-example" });
  });

  it("offers the waitlist when the session filled up, and books on it when asked", async () => {
    await post({ ...PERSON, email: "premier@example.fr" });
    const full = await post(PERSON);
    expect(full.status).toBe(409);
    expect(full.data).toMatchObject({
      offerWaitlist: true,
      values: { first_name: "Léa" },
      errors: { form: expect.stringContaining("vient d'être complète") },
    });
    const waiting = await post({ ...PERSON, waitlist: "1" });
    expect(waiting.headers.get("location")).toMatch(/statut=attente&ref=/);
    expect(await bookings()).toEqual([
      { email: "premier@example.fr", status: "booked" },
      { email: "lea.martin@example.fr", status: "waitlist" },
    ]);
  });

  it("says when the address is already booked on that session", async () => {
    await post(PERSON);
    const again = await post({ ...PERSON, waitlist: "1" });
    expect(again.status).toBe(409);
    expect((again.data as { errors: Record<string, string> }).errors.form).toMatch(
      /déjà inscrit à cette séance/,
    );
  });

  it("refuses an address beyond the contact form's limit, keeping the form", async () => {
    // CONTACT_IP_LIMIT is unset in the tests: 5 an hour.
    for (let n = 0; n < 5; n += 1) {
      const answer = await post(
        { ...PERSON, email: `personne${n}@example.fr`, waitlist: "1" },
        "198.51.100.4",
      );
      expect(answer.status).toBe(302);
    }
    const sixth = await post({ ...PERSON, email: "sixieme@example.fr" }, "198.51.100.4");
    expect(sixth.status).toBe(429);
    expect((sixth.data as { errors: Record<string, string> }).errors.form).toMatch(
      /Trop de réservations depuis cette connexion/,
    );
    // Another address is not concerned.
    expect((await post({ ...PERSON, email: "voisin@example.fr", waitlist: "1" })).status).toBe(302);
  });
});

describe("a children's class", () => {
  const CHILD = { child_first_name: "Noé", child_last_name: "Martin", child_birth_year: "2016" };
  let kidsId: number;

  beforeEach(async () => {
    kidsId = (
      await createActivity({
        title: "Boxe éducative",
        category: "kids",
        day: "Lundi",
        start_time: "18h00",
        end_time: "19h00",
        trial_enabled: 1,
        trial_places: 4,
        trial_min_age: 6,
      })
    ).id;
  });

  it("refuses a booking without the child, in French, keeping what was typed", async () => {
    const answer = await post({ ...PERSON, for_child: "" }, undefined, undefined, kidsId);
    expect(answer.status).toBe(400);
    const data = answer.data as { values: Record<string, string>; errors: Record<string, string> };
    expect(data.errors).toEqual({
      child_first_name: "Indiquez le prénom de l'enfant.",
      child_last_name: "Indiquez le nom de l'enfant.",
      child_birth_year: expect.stringContaining("Indiquez l'année de naissance de l'enfant"),
    });
    expect(data.values).toMatchObject({ first_name: "Léa", message: "Première fois." });
    expect(await bookings()).toEqual([]);
  });

  it("books two children of one parent on one session; the confirmation names each, the e-mail and the club's address", async () => {
    const first = await post({ ...PERSON, ...CHILD }, undefined, undefined, kidsId);
    const second = await post(
      { ...PERSON, ...CHILD, child_first_name: "Jade", child_birth_year: "2018" },
      undefined,
      undefined,
      kidsId,
    );
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(await bookings()).toHaveLength(2);
    // The same child twice: refused, with the child's name.
    const again = await post({ ...PERSON, ...CHILD }, undefined, undefined, kidsId);
    expect((again.data as { errors: Record<string, string> }).errors.form).toBe(
      "Noé est déjà inscrit(e) à cette séance : un seul essai par séance.",
    );

    const page = await callRoute(
      confirmationLoader,
      new Request(`http://localhost${second.headers.get("location")}`),
    );
    expect(page.data).toMatchObject({
      waitlist: false,
      person: { name: "Jade Martin", forChild: true, email: "lea.martin@example.fr" },
      session: { title: "Boxe éducative", onDate: NEXT_MONDAY, onStart: "18h00", onEnd: "19h00" },
      club: { street: expect.any(String), city: expect.stringContaining("69330") },
    });
    expect((page.data as { club: { mapsUrl: string } }).club.mapsUrl).toMatch(/^https:\/\//);

    // A reference altered by hand names nobody; the session still shows.
    const forged = second.headers.get("location")!.replace(/ref=\d+/, "ref=999999");
    const anonymous = await callRoute(confirmationLoader, new Request(`http://localhost${forged}`));
    expect(anonymous.data).toMatchObject({ person: null, session: { title: "Boxe éducative" } });
  });
});
