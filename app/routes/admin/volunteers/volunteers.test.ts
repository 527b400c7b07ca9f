import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { VOLUNTEER_MESSAGES } from "~/domains/volunteers/volunteer.server";
import {
  callRoute,
  createUser,
  getRequest,
  postRequest,
  signIn,
  type SignedIn,
} from "../../../../tests/auth";
import { action, loader } from "./volunteers";

let adminId: number;
let admin: SignedIn;
let coach: SignedIn;

beforeEach(async () => {
  const db = getDb();
  await db.deleteFrom("mail_outbox").execute();
  await db.deleteFrom("users").execute();
  adminId = await createUser("presidente", "mot-de-passe-1");
  admin = await signIn(adminId);
  coach = await signIn(await createUser("karim", "mot-de-passe-2", { roles: ["coach"] }));
});

const post = (fields: Record<string, string>, who = admin) =>
  callRoute(action, postRequest("/admin/benevoles", fields, { cookie: who.cookie }));

function inviteForm(fields: Record<string, string>, roles: string[]): Request {
  const body = new URLSearchParams({ intent: "invite", ...fields });
  for (const role of roles) body.append("roles", role);
  return new Request("http://club.test/admin/benevoles", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: admin.cookie },
  });
}

describe("/admin/benevoles", () => {
  it("is for admins only: a coach gets 403 and changes nothing", async () => {
    expect(
      (await callRoute(loader, getRequest("/admin/benevoles", { cookie: coach.cookie }))).status,
    ).toBe(403);
    const answer = await post({ intent: "deactivate", id: String(adminId) }, coach);
    expect(answer.status).toBe(403);
    const row = await getDb()
      .selectFrom("users")
      .select("deactivated_at")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(row.deactivated_at).toBeNull();
  });

  it("lists the volunteers with their roles", async () => {
    const answer = await callRoute(
      loader,
      getRequest("/admin/benevoles", { cookie: admin.cookie }),
    );
    expect(answer.status).toBe(200);
    const { volunteers } = answer.data as { volunteers: { username: string; roles: string[] }[] };
    expect(volunteers.map((v) => [v.username, v.roles])).toEqual([
      ["karim", ["coach"]],
      ["presidente", ["admin"]],
    ]);
  });

  it("invites: an account with the roles ticked and a mail", async () => {
    const answer = await callRoute(
      action,
      inviteForm({ username: "lea", email: "Lea@Club.test" }, ["coach", "redaction"]),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      toast: { type: "success", message: "Invitation envoyée à lea@club.test" },
    });
    const user = await getDb()
      .selectFrom("users")
      .select(["email", "roles"])
      .where("username", "=", "lea")
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ email: "lea@club.test", roles: "redaction coach" });
    const mails = await getDb().selectFrom("mail_outbox").select("to_address").execute();
    expect(mails).toEqual([{ to_address: "lea@club.test" }]);
  });

  it("says in French what is wrong, keeping what was typed", async () => {
    const answer = await callRoute(action, inviteForm({ username: "lé a", email: "lea" }, []));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: {
        username: expect.stringContaining("lettres sans accent"),
        email: "Adresse e-mail invalide",
        roles: "Choisissez au moins un rôle",
      },
      fields: { username: "lé a", email: "lea" },
    });
    const taken = await callRoute(
      action,
      inviteForm({ username: "Karim", email: "k@club.test" }, ["coach"]),
    );
    expect(taken.data).toMatchObject({ errors: { username: VOLUNTEER_MESSAGES.usernameTaken } });
  });

  it("refuses to demote the last admin, in French", async () => {
    const answer = await post({ intent: "roles", id: String(adminId), roles: "coach" });
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ toast: { message: VOLUNTEER_MESSAGES.lastAdmin } });
  });
});
