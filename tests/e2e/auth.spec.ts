import { ADMIN_PASSWORD, ADMIN_USERNAME, expect, test } from "./fixtures";

// The login form itself; other back-office tests sign in with the `login` fixture.
// Every login answer costs the password hash: a loaded machine needs more than the default
// 5 s for what follows a click on "Se connecter".
const afterLogin = { timeout: 15_000 };

test("a wrong then a right password lead back to the page asked for", async ({ page }) => {
  const cspErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });

  await page.goto("/admin/settings/account");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fsettings%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();

  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(ADMIN_USERNAME);
  await page.getByLabel("Mot de passe").fill("pas-le-bon");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Identifiants incorrects", afterLogin);
  await expect(page.getByLabel("Nom d'utilisateur ou e-mail")).toHaveValue(ADMIN_USERNAME);
  await expect(page.getByLabel("Mot de passe")).toHaveValue("");

  await page.getByLabel("Mot de passe").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  // Mon compte; the e2e admin has no second factor yet, which the role requires: the
  // screen shows the enrolment alone (two-factor.spec.ts goes through it).
  await expect(page).toHaveURL(/\/admin\/settings\/account$/, afterLogin);
  await expect(
    page.getByRole("heading", { name: "Activez la double authentification", level: 1 }),
  ).toBeVisible();

  const cookie = (await page.context().cookies()).find((c) => c.name === "__session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  expect(cspErrors).toEqual([]);
});

test("both login fields are required, in French", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Le nom d'utilisateur est obligatoire")).toBeVisible();
  await expect(page.getByText("Le mot de passe est obligatoire")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login form still validates, signs in and signs out", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Nom d'utilisateur ou e-mail").fill(ADMIN_USERNAME);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Le mot de passe est obligatoire")).toBeVisible(afterLogin);
    await expect(page.getByLabel("Nom d'utilisateur ou e-mail")).toHaveValue(ADMIN_USERNAME);

    await page.getByLabel("Mot de passe").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    // The admin's role requires a second factor, not enrolled yet: Mon compte first.
    await expect(page).toHaveURL(/\/admin\/settings\/account$/, afterLogin);
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByRole("status")).toHaveText("Déconnexion réussie");
  });
});

test("logging out ends the session and says 'Déconnexion réussie'", async ({ page, login }) => {
  await login();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?loggedOut=1$/);
  await expect(page.getByRole("status")).toHaveText("Déconnexion réussie");

  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
});

test("the dashboard shows its four live counters", async ({ page, login }) => {
  await login();
  await page.goto("/admin/dashboard");
  for (const title of ["Disciplines", "Formats d'entraînement", "Événements", "Messages"]) {
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card).toHaveText(new RegExp(`^${title}\\d+$`));
  }
});

test("the password form checks its fields before changing anything", async ({ page, login }) => {
  await login();
  await page.goto("/admin/settings/account");
  await page.getByLabel("Mot de passe actuel", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-1");
  await page.getByLabel("Confirmer le nouveau mot de passe").fill("nouveau-2");
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.getByText("Les mots de passe ne correspondent pas")).toBeVisible();

  await page.getByLabel("Mot de passe actuel", { exact: true }).fill("pas-le-bon");
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-1");
  await page.getByLabel("Confirmer le nouveau mot de passe").fill("nouveau-1");
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.getByText("Mot de passe actuel incorrect")).toBeVisible(afterLogin);
});

test.describe("throttling", () => {
  test.describe.configure({ mode: "serial" });

  // A username of its own: the admin must stay able to sign in in the other tests.
  // NOTE: all tests share the IP 127.0.0.1; playwright.config.ts raises LOGIN_IP_LIMIT.
  test("after 5 failures the form answers 429 and says to wait 15 minutes", async ({
    page,
    request,
  }, testInfo) => {
    test.slow(); // six logins, each with its password hash
    // Unique per run, so that a retry does not start already throttled.
    const username = `inconnu-${testInfo.project.name}-${Date.now().toString(36)}`;
    await page.goto("/admin/login");
    // Each try waits for the server's answer: the alert of the previous one is still shown.
    const tryPassword = async (password: string) => {
      await page.getByLabel("Nom d'utilisateur").fill(username);
      await page.getByLabel("Mot de passe").fill(password);
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" &&
          new URL(response.url()).pathname.startsWith("/admin/login"),
        afterLogin,
      );
      await page.getByRole("button", { name: "Se connecter" }).click();
      await answered;
    };
    for (let attempt = 1; attempt <= 5; attempt++) {
      await tryPassword(`essai-${attempt}`);
      await expect(page.getByRole("alert")).toHaveText("Identifiants incorrects");
    }
    await tryPassword("essai-6");
    await expect(page.getByRole("alert")).toHaveText(
      "Trop de tentatives de connexion. Réessayez dans 15 minutes.",
    );

    const response = await request.post("/admin/login", {
      form: { username, password: "essai-7" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(429);
  });
});

test("every script of a page carries the nonce of its own CSP header", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/", "/admin/login"]) {
    const response = await request.get(path);
    const csp = response.headers()["content-security-policy"] ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce, path).toBeTruthy();
    nonces.add(nonce!);
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    const executable = scripts.filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(executable.length, path).toBeGreaterThan(0);
    for (const tag of executable) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size).toBe(2);
});
