import { ADMIN_PASSWORD, ADMIN_USERNAME, expect, test } from "./fixtures";
import { db } from "./public-db";

// What an attacker or an unlucky visitor meets on day one: clean short
// answers to malformed requests, and an admin that failures from elsewhere cannot lock out.

/** No stack, file path or internal route id in an answer. */
function expectNothingInternal(text: string) {
  expect(text).not.toMatch(
    /\bat [\w.<>]+ \(|node_modules|\/work\/|\/tmp\/|ENOENT|routes\/|URIError/,
  );
}

test.describe("malformed requests", () => {
  test.beforeEach(({ request: _ }) => {});

  test("a missing upload, a bad escape and an unknown method answer short French texts", async ({
    request,
  }) => {
    const missing = await request.get("/uploads/site-images/absent.webp");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toBe("Fichier introuvable.\n");

    for (const path of ["/assets/%", "/blog/%E0%A4%A"]) {
      const malformed = await request.get(path);
      expect(malformed.status(), path).toBe(400);
      expect(await malformed.text()).toBe("Adresse invalide.\n");
    }

    const trace = await request.fetch("/", { method: "TRACE" });
    expect(trace.status()).toBe(405);
    expectNothingInternal(await trace.text());

    for (const path of ["/", "/_root.data", "/disciplines"]) {
      const posted = await request.post(path, { form: { a: "b" }, maxRedirects: 0 });
      expect(posted.status(), path).toBe(405);
      const text = await posted.text();
      expect(text).toBe("Méthode non autorisée.\n");
      expectNothingInternal(text);
    }
  });

  test("a login body that is not a form, or too big, is refused before it is read", async ({
    request,
  }) => {
    const json = await request.post("/admin/login", { data: {}, maxRedirects: 0 });
    expect(json.status()).toBe(415);
    const noBoundary = await request.post("/admin/login", {
      headers: { "Content-Type": "multipart/form-data" },
      data: "x",
      maxRedirects: 0,
    });
    expect(noBoundary.status()).toBe(415);
    for (const answer of [json, noBoundary]) expectNothingInternal(await answer.text());

    const huge = await request.post("/admin/login", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: `username=${"a".repeat(1024 * 1024)}`,
      maxRedirects: 0,
    });
    expect(huge.status()).toBe(413);
    expect(await huge.text()).toBe("Requête trop volumineuse.\n");
    // And the site goes on serving.
    expect((await request.get("/healthz")).status()).toBe(200);
  });
});

test("failures for admin from other addresses only slow the owner down", async ({ page }) => {
  // Five failures from five addresses (a botnet), as the server recorded them.
  const now = new Date().toISOString();
  const insert = db().prepare(
    "insert into login_attempts (ip, username, succeeded, attempted_at) values (?, ?, 0, ?)",
  );
  for (let i = 1; i <= 5; i += 1) insert.run(`198.51.100.${i}`, ADMIN_USERNAME, now);

  await page.goto("/admin/login");
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(ADMIN_USERNAME);
  await page.getByLabel("Mot de passe").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  // Signed in (the admin's role then asks to enrol a second factor, in Mon compte).
  await expect(page).toHaveURL(/\/admin\/settings\/account$/, { timeout: 15_000 });
  // A success clears the username's failures.
  const left = db()
    .prepare("select count(*) as n from login_attempts where ip like '198.51.100.%'")
    .get() as { n: number };
  expect(left.n).toBe(0);
});
