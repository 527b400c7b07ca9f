import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { chequeMonths } from "~/domains/membership/membership-form";
import { parisToday } from "~/core/club-time";
import { createMembershipToken } from "~/domains/membership/tokens.server";
import { inviteVolunteer } from "~/domains/volunteers/volunteer-invitation.server";
import { getFormSecret } from "~/core/env.server";
import { signFormStamp } from "~/utils/form-stamp.server";
import { hasControlCharacter, hasLineBreak } from "~/core/typed-text";
import { action as forgotAction } from "../auth/forgot-password";
import { action as invitationAction } from "../auth/invitation";
import { action as loginAction } from "../auth/login";
import { action as contactAction } from "./messages/contact";
import { action as householdAction } from "./membership/membership";
import { action as optoutAction } from "./membership/membership-optout";
import { action as renewAction } from "./membership/membership-renew";
import { action as trialBookAction } from "./trials/trial-book";
import { action as trialCancelAction } from "./trials/trial-cancel";
import { callRoute, createUser, postRequest } from "../../../tests/auth";
import { BAD_VALUES, sweepFields } from "../../../tests/bad-input";
import {
  GUARDIAN,
  HOUSEHOLD,
  allConsents,
  post,
  startFile,
  steps,
} from "../../../tests/membership-family";
import { createFile, createSeason, resetMembershipData } from "../../../tests/membership-tail";
import { mondayClass, NEXT_MONDAY, resetTrialData } from "../../../tests/trial";

/*
 * Every public form and every step of /adhesion, sent hostile values in each text field:
 * a clear 4xx pointing at the field with nothing stored, or a safe store; never a 500.
 * Run on SQLite and on PostgreSQL (TEST_DATABASE_URL), where a NUL used to answer 500.
 */

const stamp = () => signFormStamp(getFormSecret(), Date.now() - 10_000);
const guard = () => ({ jeton: stamp(), site_web: "" });

beforeEach(async () => {
  await getDb().deleteFrom("contact_messages").execute();
  await getDb().deleteFrom("mail_outbox").execute();
});

describe("hostile values in the public forms", () => {
  it("the contact form", async () => {
    let n = 0;
    await sweepFields({
      fields: ["name", "email", "phone", "subject", "message"],
      good: {
        name: "Camille Martin",
        email: "camille@example.fr",
        phone: "",
        subject: "Renseignements",
        message: "Bonjour, quels sont les horaires ?",
      },
      send: (values) =>
        callRoute(contactAction, postRequest("/contact", { ...guard(), ...values }), {
          clientIp: `203.0.113.${++n}`,
        }),
    });
    // The name's override was removed, and the message stored.
    const names = await getDb().selectFrom("contact_messages").select("name").execute();
    expect(names.map((row) => row.name)).toContain("Léa Martin");
  });

  it("the trial booking, then its cancel link", async () => {
    await resetTrialData();
    await getDb().deleteFrom("trial_requests").execute();
    const activityId = (await mondayClass(50)).id;
    let n = 0;
    await sweepFields({
      fields: ["first_name", "last_name", "email", "phone", "level", "message"],
      good: {
        first_name: "Léa",
        last_name: "Martin",
        email: "lea@example.fr",
        phone: "06 12 34 56 78",
        level: "debutant",
        message: "Première fois.",
      },
      // One address per booking: a second booking of the same address is refused for that.
      send: (values) =>
        callRoute(
          trialBookAction,
          postRequest(`/essai/${activityId}/${NEXT_MONDAY}`, {
            ...guard(),
            ...values,
            email: values.email === "lea@example.fr" ? `lea${n + 1}@example.fr` : values.email!,
          }),
          { clientIp: `198.51.100.${++n}` },
          { activityId: String(activityId), date: NEXT_MONDAY },
        ),
    });
    // A cancel link reads nothing from its body, and a link that is not one cancels nothing.
    for (const bad of Object.values(BAD_VALUES).filter(
      (value) => !hasControlCharacter(value) && !hasLineBreak(value),
    )) {
      const token = bad.slice(0, 200);
      const answer = await callRoute(
        trialCancelAction,
        postRequest(`/essai/annuler/x`, { token: bad }),
        {},
        { token },
      );
      expect(answer.status).toBe(302);
    }
    const cancelled = await getDb()
      .selectFrom("trial_bookings")
      .select("id")
      .where("status", "=", "cancelled")
      .execute();
    expect(cancelled).toEqual([]);
  });

  it("every /adhesion step, and the final « Envoyer »", async () => {
    await resetMembershipData();
    const { season } = await createSeason();
    const start = Number(season.starts_on.slice(0, 4));
    await sweepFields({
      fields: Object.keys(HOUSEHOLD),
      good: HOUSEHOLD,
      send: (values) => post(householdAction, "/adhesion", values, {}),
    });
    // Another address than the sweep's: its files begun would answer « déjà commencée ».
    const { token } = await startFile({ ...HOUSEHOLD, email: "apres.le.balayage@example.fr" });
    const step = steps(token);
    const child = {
      first_name: "Léo",
      last_name: "Martin",
      birth_date: `${start - 11}-03-10`,
      sex: "M",
      practice: "educative",
      tariff: "",
    };
    await sweepFields({
      fields: Object.keys(child),
      good: child,
      send: (values) => step.member("nouveau", values),
    });
    expect((await step.member("nouveau", child)).status).toBe(302);
    expect((await step.members()).status).toBe(302);
    await sweepFields({ fields: Object.keys(GUARDIAN), good: GUARDIAN, send: step.guardians });
    expect((await step.guardians(GUARDIAN)).status).toBe(302);
    // The names whose override was removed were stored as members too (m1, m2): a safe store.
    const keys = ["m1", "m2", "m3"];
    await sweepFields({
      fields: ["m3.pass_sport"],
      good: allConsents(keys),
      send: step.consents,
    });
    expect((await step.consents(allConsents(keys))).status).toBe(302);
    const payment = {
      choice: "club",
      method: "cheque",
      cheques: "1",
      month1: chequeMonths(season, parisToday())[0]!,
    };
    // The payment step answers one message for the form, not one per field.
    await sweepFields({
      fields: Object.keys(payment),
      good: payment,
      send: async (values) => {
        const answer = await step.payment(values);
        const error = (answer.data as { error?: string } | null)?.error;
        return error ? { ...answer, data: { errors: { form: error } } } : answer;
      },
      pointed: () => "form",
    });
    expect((await step.payment(payment)).status).toBe(302);
    const sent = await getDb()
      .selectFrom("membership_files")
      .select("status")
      .where("season_id", "=", season.id)
      .execute();
    expect(sent.map((file) => file.status)).toContain("submitted");
  });

  it("the renewal and the opt-out links read nothing but their token", async () => {
    await resetMembershipData();
    const fixture = await createSeason();
    const { householdId } = await createFile(fixture);
    const renewal = await createMembershipToken({ purpose: "renewal", householdId });
    for (const bad of Object.values(BAD_VALUES)) {
      for (const [fn, path] of [
        [renewAction, "/adhesion/renouveler/"],
        [optoutAction, "/adhesion/desabonnement/"],
      ] as const) {
        const token = hasControlCharacter(bad) || hasLineBreak(bad) ? renewal : bad;
        const answer = await callRoute(fn, postRequest(`${path}x`, { token: bad }), {}, { token });
        expect(answer.status).toBeLessThan(500);
      }
    }
  });

  it("sign-in, forgotten password and an invitation's password", async () => {
    await getDb().deleteFrom("users").execute();
    const adminId = await createUser("presidente", "mot-de-passe-1");
    await sweepFields({
      fields: ["email"],
      good: { email: "presidente@example.fr" },
      send: (values) =>
        callRoute(forgotAction, postRequest("/admin/mot-de-passe-oublie", values), {
          clientIp: "192.0.2.9",
        }),
    });
    // A fresh invitation for each value: a password kept as typed (an override included) uses it.
    let n = 0;
    let token = "";
    const invitation = async () => {
      const username = `coach-${++n}`;
      await inviteVolunteer({
        actor: { userId: adminId, username: "presidente", ip: "" },
        username,
        email: `${username}@club.test`,
        roles: ["coach"],
      });
      const mail = await getDb()
        .selectFrom("mail_outbox")
        .select("body_text")
        .where("to_address", "=", `${username}@club.test`)
        .executeTakeFirstOrThrow();
      token = /\/admin\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!;
    };
    await sweepFields({
      fields: ["newPassword"],
      good: { newPassword: "un-long-mot-de-passe" },
      before: invitation,
      send: async (values) => {
        const fields = { newPassword: values.newPassword!, confirmPassword: values.newPassword! };
        return callRoute(
          invitationAction,
          postRequest(`/admin/invitation/${token}`, fields),
          { clientIp: "192.0.2.4" },
          { token },
        );
      },
    });
  });

  it("the sign-in form", async () => {
    await getDb().deleteFrom("users").execute();
    await createUser("presidente", "mot-de-passe-1");
    for (const field of ["username", "password"]) {
      for (const bad of [BAD_VALUES.nul!, BAD_VALUES.c1!]) {
        const fields = { username: "presidente", password: "mot-de-passe-1", [field]: bad };
        const answer = await callRoute(loginAction, postRequest("/admin/login", fields), {
          clientIp: "192.0.2.5",
        });
        expect(answer.status).toBe(400);
        expect((answer.data as { errors: Record<string, string> }).errors[field]).toMatch(
          /caractère invisible/,
        );
      }
    }
  });
});
