import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { createMembershipToken } from "~/domains/membership/tokens.server";
import { UPLOAD_MESSAGES } from "~/storage/rules";
import { totpCode } from "~/domains/volunteers/totp.server";
import { createUser } from "../auth";
import { freePort } from "../free-port";
import { startFakeHelloAsso, type FakeHelloAsso } from "../helloasso/fake-server";
import { enrolSecondFactor } from "../http-sign-in";
import { createSeason } from "../membership";
import { createSubmittedFile } from "../membership-files";
import { mimeParts } from "../mime-parts";
import { httpsClient, startNginx, type HttpsInit, type HttpsSend, type Nginx } from "./proxy";

/*
 * The production build behind Debian's nginx, as the README's « In production » runs it:
 * nginx terminates TLS with a certificate made now, the server has TRUST_PROXY=1 and
 * PUBLIC_URL=https://club.test:<port>. The client resolves club.test to 127.0.0.1 and
 * trusts that certificate alone; every request below goes through nginx. Run by .ci/run
 * after the build (not part of `npx vitest run`, which has neither):
 *   npx vitest run --config tests/nginx/vitest.config.ts
 */

const HOSTNAME = "club.test";
const FOREIGN = "https://evil.test";
const ADMIN_PASSWORD = "derriere-nginx-mot-de-passe";
const COACH_PASSWORD = "coach-derriere-nginx";
const COACH_EMAIL = "coach@club.test";

let origin = "";
let send: HttpsSend;
let nginx: Nginx | undefined;
let fake: FakeHelloAsso | undefined;
let server: ChildProcess | undefined;
let serverLog = "";
/** The admin's full session, once signed in with the second factor. */
let adminCookie = "";

const cookieOf = (answer: Response) =>
  answer.headers.get("set-cookie")?.match(/__session=[^;]+/)?.[0] ?? "";

/** A form posted from the site's own https page (its Origin), through nginx. */
function post(pathname: string, fields: Record<string, string>, init: HttpsInit = {}) {
  return send(`${origin}${pathname}`, {
    ...init,
    method: "POST",
    headers: { Origin: origin, ...(init.headers as Record<string, string>) },
    body: new URLSearchParams(fields),
  });
}

function login(username: string, password: string, localAddress = "127.0.0.1") {
  // A forged X-Forwarded-For: nginx replaces it with the address it sees.
  const headers = { "X-Forwarded-For": "203.0.113.9" };
  return post(
    "/admin/login",
    { username, password, redirectTo: "/admin" },
    { localAddress, headers },
  );
}

describe("the built server behind nginx (TLS, TRUST_PROXY=1, PUBLIC_URL on https)", () => {
  beforeAll(async () => {
    if (!fs.existsSync(path.join(process.env.BUILD_DIR || "build", "server/main.js"))) {
      throw new Error("Lancer `npm run build` avant ce test.");
    }
    const [appPort, nginxPort] = [await freePort(), await freePort()];
    origin = `https://${HOSTNAME}:${nginxPort}`;
    fake = await startFakeHelloAsso();
    nginx = await startNginx({ hostname: HOSTNAME, port: nginxPort, appPort });
    send = httpsClient(nginx.certificate);
    server = spawn(process.execPath, ["scripts/start.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(appPort),
        HOST: "127.0.0.1",
        // The database the test set-up migrated (tests/setup/db.ts): the test writes its
        // fixtures there and reads what the server stored.
        DATA_DIR: process.env.DATA_DIR,
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? "",
        WEB_CONCURRENCY: "1",
        ADMIN_PASSWORD,
        PUBLIC_URL: origin,
        TRUST_PROXY: "1",
        HELLOASSO_API_URL: fake.url,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
    // Until /healthz answers through nginx (the first start migrates and seeds), or the
    // server stops: then its log says why.
    for (;;) {
      if (server.exitCode !== null) throw new Error(`Le serveur s'est arrêté :\n${serverLog}`);
      const health = await send(`${origin}/healthz`).catch(() => null);
      if (health?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const gone = once(server, "exit");
      server.kill("SIGTERM");
      await gone;
    }
    await nginx?.stop();
    await fake?.close();
  }, 30_000);

  it("signs an admin in with the password then the code, over HTTPS only", async () => {
    const first = await login("admin", ADMIN_PASSWORD);
    expect(first.status).toBe(302);
    // A fresh admin enrols first: the session cookie is Secure, nginx said https.
    expect(first.headers.get("location")).toBe("/admin/settings/account");
    expect(first.headers.get("set-cookie")).toMatch(/; Secure/);
    expect(first.headers.get("strict-transport-security")).toMatch(/max-age=/);
    const secret = await enrolSecondFactor(origin, cookieOf(first), send);

    const password = await login("admin", ADMIN_PASSWORD);
    expect(password.status).toBe(302);
    expect(password.headers.get("location")).toBe("/admin/login/code?redirectTo=%2Fadmin");
    // The enrolment used this step's code: the next step's is the one accepted now.
    const code = totpCode(secret, new Date(Date.now() + 30_000));
    const signedIn = await post(
      "/admin/login/code",
      { code, redirectTo: "/admin" },
      { headers: { Cookie: cookieOf(password) } },
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin");
    adminCookie = cookieOf(signedIn);
    const dashboard = await send(`${origin}/admin`, { headers: { Cookie: adminCookie } });
    expect(dashboard.status).toBe(200);
  });

  it("accepts an admin's form posted from the https origin, refuses it from another", async () => {
    const fields = {
      intent: "save",
      enabled: "on",
      organizationSlug: fake!.organizationSlug,
      clientId: fake!.clientId,
      clientSecret: fake!.clientSecret,
      allowlist: "127.0.0.1",
      environment: "production",
      loadedAt: "",
    };
    const settings = () => getDb().selectFrom("helloasso_settings").select("enabled").execute();
    const foreign = await post("/admin/settings/paiement", fields, {
      headers: { Cookie: adminCookie, Origin: FOREIGN },
    });
    expect(foreign.status).toBe(403);
    expect(await settings()).toEqual([]);

    const own = await post("/admin/settings/paiement", fields, {
      headers: { Cookie: adminCookie },
    });
    expect(own.status).toBe(200);
    expect(await settings()).toEqual([{ enabled: 1 }]);
  });

  it("lets an upload over nginx's default 1 Mo reach the site", async () => {
    // 2 Mo that are no form: the site's own refusal, not nginx's 413, proves it came through.
    const upload = await send(`${origin}/admin/upload?kind=pdf&bucket=site-documents`, {
      method: "POST",
      headers: { Origin: origin, Cookie: adminCookie, "Content-Type": "text/plain" },
      body: "x".repeat(2 * 1024 * 1024),
    });
    expect(upload.status).toBe(415);
    expect(await upload.json()).toEqual({ error: UPLOAD_MESSAGES.wrongType });
  });

  it("mails a link on PUBLIC_URL, whatever Host and X-Forwarded-Host the request names", async () => {
    await createUser("coach", COACH_PASSWORD, { roles: ["coach"], email: COACH_EMAIL });
    const forged = `evil.test:${new URL(origin).port}`;
    const asked = await post(
      "/admin/mot-de-passe-oublie",
      { email: COACH_EMAIL },
      {
        headers: {
          Host: forged,
          Origin: `https://${forged}`,
          "X-Forwarded-Host": "evil.test",
        },
      },
    );
    expect(asked.status).toBe(200);
    const outbox = path.join(process.env.DATA_DIR!, "outbox");
    const text = await vi.waitFor(
      () => {
        const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
        const mail = mails
          .map((name) => fs.readFileSync(path.join(outbox, name), "utf8"))
          .find((eml) => eml.includes(`To: ${COACH_EMAIL}`));
        expect(mail).toBeDefined();
        return mimeParts(mail!)
          .map((part) => part.body)
          .join("\n");
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(text).not.toContain("evil.test");
    const link = text.match(/https?:\/\/\S+\/admin\/reinitialiser\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toMatch(new RegExp(`^${origin}/admin/reinitialiser/`));
    // The link opens the reset page through nginx.
    expect((await send(link!)).status).toBe(200);
  });

  it("gives HelloAsso return addresses on PUBLIC_URL, and the return comes back through nginx", async () => {
    const { season, tariffs } = await createSeason();
    const start = Number(season.starts_on.slice(0, 4));
    const { file, household } = await createSubmittedFile({
      season,
      members: [
        {
          firstName: "Inès",
          lastName: "Proxy",
          birthDate: `${start - 30}-05-02`,
          tariff: tariffs.at(-1)!,
        },
      ],
      payment: null,
    });
    const token = await createMembershipToken({
      purpose: "draft",
      householdId: household.id,
      fileId: file.id,
    });
    const filePage = `/adhesion/dossier/${token}`;
    const toHelloAsso = await post(`${filePage}/carte`, {});
    expect(toHelloAsso.status).toBe(302);
    const [intent] = fake!.intents;
    expect(toHelloAsso.headers.get("location")).toBe(`${fake!.url}/checkout/${intent!.id}`);
    expect(intent!.body).toMatchObject({
      returnUrl: `${origin}${filePage}/carte/retour`,
      backUrl: `${origin}${filePage}?carte=abandon#paiement`,
      errorUrl: `${origin}${filePage}?carte=erreur#paiement`,
    });

    // The family pays on HelloAsso's page, which sends the browser to returnUrl.
    const paid = await fetch(`${fake!.url}/checkout/${intent!.id}/pay`, {
      method: "POST",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const back = await send(paid.headers.get("location")!);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toMatch(new RegExp(`^${filePage}\\?`));
    const payments = await getDb()
      .selectFrom("membership_payments")
      .select(["method", "status"])
      .where("file_id", "=", file.id)
      .execute();
    expect(payments).toEqual([{ method: "card", status: "received" }]);
  });

  it("throttles sign-in by the client's address that nginx saw, not by what the client wrote", async () => {
    const failures = await Promise.all(
      Array.from({ length: 5 }, () => login("coach", "pas-le-bon", "127.0.0.2")),
    );
    expect(failures.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
    // The right password from that address: refused, as any attempt from it now.
    expect((await login("coach", COACH_PASSWORD, "127.0.0.2")).status).toBe(429);
    const attempts = await getDb()
      .selectFrom("login_attempts")
      .select(["ip", "succeeded"])
      .where("username", "=", "coach")
      .execute();
    expect(attempts).toEqual(Array.from({ length: 5 }, () => ({ ip: "127.0.0.2", succeeded: 0 })));
    // Another address (with the same forged X-Forwarded-For) signs in, and its session
    // records the address nginx saw.
    const elsewhere = await login("coach", COACH_PASSWORD, "127.0.0.3");
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("location")).toBe("/admin");
    const sessions = await getDb()
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select("sessions.ip")
      .where("users.username", "=", "coach")
      .execute();
    expect(sessions).toEqual([{ ip: "127.0.0.3" }]);
  });
});
