import { createStaticHandler } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { requestPasswordReset } from "~/domains/volunteers/password-reset.server";
import { getActiveSession } from "~/domains/volunteers/sessions.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../tests/auth";
import { action, loader } from "./reset-password";

let token: string;
let userId: number;

beforeEach(async () => {
  const db = getDb();
  await db.deleteFrom("mail_outbox").execute();
  await db.deleteFrom("login_attempts").execute();
  await db.deleteFrom("users").execute();
  userId = await createUser("karim", "ancien-mot-de-passe", { email: "karim@club.test" });
  await requestPasswordReset({ email: "karim@club.test", ip: "192.0.2.1" });
  const mail = await db.selectFrom("mail_outbox").select("body_text").executeTakeFirstOrThrow();
  token = mail.body_text.match(/\/admin\/reinitialiser\/([A-Za-z0-9_-]+)/)![1]!;
});

const open = (value: string) =>
  callRoute(loader, getRequest(`/admin/reinitialiser/${value}`), {}, { token: value });
const choose = (value: string, password: string) =>
  callRoute(
    action,
    postRequest(`/admin/reinitialiser/${value}`, {
      newPassword: password,
      confirmPassword: password,
    }),
    { clientIp: "192.0.2.1" },
    { token: value },
  );

describe("/admin/reinitialiser/:token", () => {
  it("sets the new password once, ending every session, without signing in", async () => {
    const session = await signIn(userId);
    expect(await open(token)).toMatchObject({ status: 200, data: { username: "karim" } });
    const answer = await choose(token, "nouveau-secret");
    expect(answer).toMatchObject({ status: 200, data: { state: "done" } });
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await getActiveSession({ id: session.sessionId })).toBeNull();
    expect((await open(token)).status).toBe(410);
    expect((await choose(token, "encore-un-autre")).status).toBe(410);
  });

  it("answers the success page with 200 to the form's post, as React Router serves it", async () => {
    // A browser without script posts the form: React Router runs the action, then the
    // loader again, which finds the link spent (410); the action's status must win.
    const handler = createStaticHandler([
      { id: "reset", path: "/admin/reinitialiser/:token", loader, action } as never,
    ]);
    const posted = postRequest(`/admin/reinitialiser/${token}`, {
      newPassword: "nouveau-secret",
      confirmPassword: "nouveau-secret",
    });
    const context = await handler.query(posted, { requestContext: { clientIp: "192.0.2.1" } });
    if (context instanceof Response) throw new Error(`HTTP ${context.status}`);
    expect(context.statusCode).toBe(200);
    expect(context.actionData).toEqual({ reset: { state: "done" } });
    expect(context.loaderData).toEqual({ reset: { state: "dead" } });
    // A spent link's page, asked again, still answers 410.
    const again = await handler.query(getRequest(`/admin/reinitialiser/${token}`));
    if (again instanceof Response) throw new Error(`HTTP ${again.status}`);
    expect(again.statusCode).toBe(410);
  });

  it("refuses a short password with the password change's message", async () => {
    const answer = await choose(token, "abc");
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { newPassword: "Le mot de passe doit contenir au moins 6 caractères" },
    });
    expect((await open(token)).status).toBe(200);
  });
});
