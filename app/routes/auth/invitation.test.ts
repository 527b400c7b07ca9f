import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getActiveSession } from "~/domains/volunteers/sessions.server";
import { inviteVolunteer } from "~/domains/volunteers/volunteer-invitation.server";
import {
  callRoute,
  createUser,
  getRequest,
  postRequest,
  sessionIdFrom,
} from "../../../tests/auth";
import { action, loader } from "./invitation";

let token: string;

beforeEach(async () => {
  const db = getDb();
  await db.deleteFrom("mail_outbox").execute();
  await db.deleteFrom("users").execute();
  const adminId = await createUser("presidente", "mot-de-passe-1");
  await inviteVolunteer({
    actor: { userId: adminId, username: "presidente", ip: "" },
    username: "coach-karim",
    email: "karim@club.test",
    roles: ["coach"],
  });
  const mail = await db.selectFrom("mail_outbox").select("body_text").executeTakeFirstOrThrow();
  token = mail.body_text.match(/\/admin\/invitation\/([A-Za-z0-9_-]+)/)![1]!;
});

const open = (value: string) =>
  callRoute(loader, getRequest(`/admin/invitation/${value}`), {}, { token: value });
const accept = (value: string, fields: Record<string, string>) =>
  callRoute(
    action,
    postRequest(`/admin/invitation/${value}`, fields),
    { clientIp: "192.0.2.4" },
    {
      token: value,
    },
  );

describe("/admin/invitation/:token", () => {
  it("names the account and the club", async () => {
    const answer = await open(token);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ invitation: { username: "coach-karim" } });
  });

  it("answers 410 for an unknown link, naming nobody", async () => {
    const answer = await open("x".repeat(43));
    expect(answer.status).toBe(410);
    expect(JSON.stringify(answer.data)).not.toContain("karim");
  });

  it("keeps the page on two passwords that differ, and uses nothing", async () => {
    const answer = await accept(token, { newPassword: "gants-rouges", confirmPassword: "gants" });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { confirmPassword: "Les mots de passe ne correspondent pas" },
    });
    expect((await open(token)).status).toBe(200);
  });

  it("sets the password and signs the person in, once", async () => {
    const answer = await accept(token, {
      newPassword: "gants-rouges",
      confirmPassword: "gants-rouges",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/dashboard");
    const session = await getActiveSession({ id: sessionIdFrom(answer.headers)! });
    expect(session).toMatchObject({ username: "coach-karim", pending: "" });
    const again = await accept(token, { newPassword: "autre-1234", confirmPassword: "autre-1234" });
    expect(again.status).toBe(410);
  });
});
