import { expect, request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { hydrated, toast } from "./admin-disciplines-db";
import { db, withLock } from "./e2e-data";
import { createSessionRow, ensureVolunteer, SESSION_COOKIE, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { screenshot } from "./screenshots";

/*
 * Card payment through HelloAsso, in a real browser against the fake HelloAsso
 * (tests/helloasso/fake-server.ts, started by playwright.config.ts): a parent pays by card
 * with script, and without on a phone; a refused card, an abandoned page, three
 * instalments, the notification before or after the return; an attacker's forged return,
 * forged and replayed notifications record nothing; the treasurer sees the order on the desk.
 *
 * NOTE: the fake's configuration and the one settings row are shared by both projects:
 * every test (and the set-up) holds the « helloasso » lock, and turns card payment on again
 * if the other project's afterAll turned it off.
 */

const SHOTS = "test-results/helloasso-payment";
const FAKE = `http://127.0.0.1:${process.env.E2E_HELLOASSO_PORT}`;
const SLUG = "club-de-boxe-meyzieu";
const LOCK = "helloasso";

test.describe.configure({ mode: "serial" });
// The site's own CSP is on: its form-action lets « Envoyer mon dossier » and « Payer par
// carte » go on to HelloAsso's page (server/security.ts formTargets).

/** POSTs to the fake's control endpoints (/_fake/...). */
async function fake(path: string, body: unknown = {}) {
  const api = await playwrightRequest.newContext();
  try {
    const response = await api.post(`${FAKE}/_fake/${path}`, { data: body });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as Record<string, unknown>;
  } finally {
    await api.dispose();
  }
}

type FakeState = {
  intents: { id: number; orderId: number | null; body: { metadata?: unknown } }[];
  notifications: { body: string; status: number | null }[];
};

async function fakeState(): Promise<FakeState> {
  const api = await playwrightRequest.newContext();
  try {
    return (await (await api.get(`${FAKE}/_fake/state`)).json()) as FakeState;
  } finally {
    await api.dispose();
  }
}

/** « 1 234,50 € » or « 120 € » → cents. */
function cents(text: string): number {
  const m = /(\d[\d\s\u00a0\u202f]*)(?:,(\d{2}))?\s*€/.exec(text);
  if (!m) throw new Error(`No amount in « ${text} »`);
  return Number(m[1]!.replace(/\D/g, "")) * 100 + Number(m[2] ?? 0);
}

function settingsRow() {
  return db()
    .prepare("select enabled, organization_slug, client_id from helloasso_settings limit 1")
    .get() as { enabled: number; organization_slug: string; client_id: string } | undefined;
}

function setEnabled(on: boolean) {
  db()
    .prepare("update helloasso_settings set enabled = ?, updated_at = ?")
    .run(on ? 1 : 0, new Date().toISOString());
}

/** The file's payments (the desk's rows), by the reference the family's page shows. */
function paymentsOf(reference: string) {
  return db()
    .prepare(
      `select p.method, p.status, p.amount_cents, p.reference from membership_payments p
         join membership_files f on f.id = p.file_id where f.reference = ? order by p.id`,
    )
    .all(reference) as {
    method: string;
    status: string;
    amount_cents: number;
    reference: string;
  }[];
}
const cardPaymentsOf = (reference: string) =>
  paymentsOf(reference).filter((p) => p.method === "card" && p.status !== "cancelled");

function fileIdOf(reference: string): number {
  return (
    db().prepare("select id from membership_files where reference = ?").get(reference) as {
      id: number;
    }
  ).id;
}

/** Waits until every notification naming the order has been processed by the site. */
async function notificationsProcessed(orderId: number) {
  await expect
    .poll(
      () =>
        db()
          .prepare(
            `select count(*) as n from webhook_inbox where body like ? and processed_at is null`,
          )
          .get(`%"id":${orderId},%`) as { n: number },
    )
    .toEqual({ n: 0 });
}

/**
 * Card payment on, with the fake's client: through /admin/settings/paiement when the row is
 * not the fake's yet (the secret is sealed by the form), else straight in the database.
 */
async function turnCardPaymentOn(browser: Browser, baseURL: string) {
  const row = settingsRow();
  if (row && row.organization_slug === SLUG && row.client_id === "fake-client") {
    if (!row.enabled) setEnabled(true);
    return;
  }
  const context = await browser.newContext({ baseURL, locale: "fr-FR" });
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: createSessionRow(),
      url: baseURL,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  const page = await context.newPage();
  await page.goto("/admin/settings/paiement");
  await hydrated(page);
  await page.getByLabel("Activer le paiement par carte (HelloAsso)").check();
  await page.getByLabel("Nom de l'organisation sur HelloAsso").fill(SLUG);
  await page.getByLabel("Identifiant du client API").fill("fake-client");
  await page.getByLabel("Secret du client API").fill("fake-secret");
  await page.getByLabel("Proposer le paiement en 3 fois").check();
  await page.getByLabel("Adresses autorisées pour les notifications").fill("127.0.0.1");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Paiement en ligne enregistré")).toBeVisible();
  await context.close();
  expect(settingsRow()).toMatchObject({ enabled: 1, organization_slug: SLUG });
}

/** Runs a test's body holding the lock, card payment on and the fake as it should be. */
async function withHelloAsso<T>(browser: Browser, baseURL: string, body: () => Promise<T>) {
  return withLock(LOCK, async () => {
    await turnCardPaymentOn(browser, baseURL);
    await fake("configure", {
      notificationUrl: `${baseURL}/api/helloasso/notification`,
      signatureKey: null,
      notifyBeforeReturn: true,
      rejectPayer: false,
    });
    return body();
  });
}

test.beforeAll(async ({ browser }, info) => {
  const baseURL = info.project.use.baseURL!;
  await withHelloAsso(browser, baseURL, async () => undefined);
});

test.afterAll(async () => {
  await withLock(LOCK, async () => setEnabled(false));
});

const year = new Date().getFullYear();

type Shoot = (step: string) => Promise<void>;

function shooter(page: Page, name: string, width: number, axe: boolean): Shoot {
  return async (step) => {
    if (axe) await expectNoAxeViolations(page);
    await screenshot(page, { path: `${SHOTS}/${name}-${step}-${width}.png`, fullPage: true });
  };
}

/**
 * A parent registers one adult and sends the file choosing card payment: the browser ends
 * on the fake HelloAsso's page. Returns the file's token and the total the step showed.
 */
async function registerAdultPayingByCard(
  page: Page,
  lastName: string,
  { shoot, instalments = 1 }: { shoot?: Shoot; instalments?: 1 | 3 } = {},
) {
  await page.goto("/adhesion");
  await page.getByLabel("E-mail").fill(`${lastName.toLowerCase()}@example.fr`);
  await page.getByLabel("Téléphone").fill("06 12 34 56 78");
  await page.getByLabel("Adresse").fill("12 rue des Lilas");
  await page.getByLabel("Code postal").fill("69330");
  await page.getByLabel("Commune").fill("Meyzieu");
  await page.getByRole("button", { name: "Continuer : les membres" }).click();
  await expect(page).toHaveURL(/\/membres$/);
  const token = /\/adhesion\/dossier\/([^/]+)\//.exec(page.url())![1]!;

  await page.getByRole("link", { name: "Ajouter un membre" }).click();
  await page.getByLabel("Prénom").fill("Camille");
  await page.getByLabel("Nom", { exact: true }).fill(lastName);
  await page.getByLabel("Date de naissance").fill(`${year - 30}-05-12`);
  await page.getByLabel("Féminin").check();
  await page.getByLabel("Pratique").selectOption("loisir");
  await page.getByRole("button", { name: "Enregistrer ce membre" }).click();
  await expect(page).toHaveURL(/\/membres$/);
  await page.getByRole("button", { name: "Continuer" }).click();

  await expect(page).toHaveURL(/\/autorisations$/);
  for (const label of [
    "J'ai lu et j'accepte le règlement intérieur du club.",
    "Je remettrai le certificat au club.",
  ]) {
    for (const box of await page.getByLabel(label).all()) await box.check();
  }
  await page.getByRole("button", { name: "Continuer : récapitulatif" }).click();
  await expect(page).toHaveURL(/\/recapitulatif$/);
  await page.getByRole("button", { name: "Continuer : paiement" }).click();

  await expect(page).toHaveURL(/\/paiement$/);
  const total = cents(
    (await page.getByText("Total à payer").locator("xpath=..").textContent()) ?? "",
  );
  await page.getByLabel(/^Payer par carte bancaire, en ligne/).check();
  await page.getByLabel(instalments === 3 ? "en 3 fois, à un mois d'écart" : "en une fois").check();
  await shoot?.("1-etape-paiement");
  await page.getByRole("button", { name: "Envoyer mon dossier" }).click();
  await expect(page).toHaveURL(new RegExp(`^${FAKE}/checkout/\\d+$`));
  const intentId = Number(/\/checkout\/(\d+)$/.exec(page.url())![1]);
  return { token, total, intentId };
}

/** The file's reference, as its page shows it. */
async function referenceOn(page: Page): Promise<string> {
  const text = await page
    .getByText(/ADH-\d{4}-\d{3}/)
    .first()
    .textContent();
  return /ADH-\d{4}-\d{3}/.exec(text ?? "")![0];
}

const PAID = "Merci : votre paiement par carte est enregistré";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with script" : "without script", () => {
    test.use({ javaScriptEnabled });

    test(
      "a parent pays by card on HelloAsso's page and comes back to the file's page",
      { tag: javaScriptEnabled ? "@phone" : "@phone-only" },
      async ({ page, browser, baseURL }, info) => {
        test.setTimeout(120_000);
        const width = info.project.name === "mobile" ? 390 : 1280;
        const shoot = shooter(page, javaScriptEnabled ? "js" : "sans-js", width, javaScriptEnabled);
        await withHelloAsso(browser, baseURL!, async () => {
          const lastName = `Carte${width}${javaScriptEnabled ? "js" : "html"}${Date.now().toString(36)}`;
          const { total } = await registerAdultPayingByCard(page, lastName, { shoot });
          await expect(page.getByRole("heading", { level: 1 })).toContainText(
            /^Adhésion \d{4}-\d{4}/,
          );
          expect(cents((await page.locator(".amount").textContent()) ?? "")).toBe(total);
          await page.getByRole("button", { name: "Payer", exact: true }).click();

          await expect(page).toHaveURL(/\/adhesion\/dossier\/[^/]+\?.*carte=retour/);
          await expect(page.getByRole("status").filter({ hasText: PAID })).toBeVisible();
          const payments = page.getByRole("region", { name: "Le paiement" });
          await expect(payments).toContainText("Carte bancaire (HelloAsso)");
          await expect(payments).toContainText("Reçu");
          await expect(payments.getByRole("listitem")).toHaveCount(1);
          // Paid: the file's page offers no more card payment.
          await expect(page.getByRole("button", { name: /par carte$/ })).toHaveCount(0);
          await shoot("2-dossier-paye");
          const reference = await referenceOn(page);
          expect(cardPaymentsOf(reference)).toEqual([
            expect.objectContaining({ status: "received", amount_cents: total }),
          ]);
        });
      },
    );
  });
}

test("a refused card records nothing; « Payer par carte » from the file's page then works, notified after the return", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const width = info.project.name === "mobile" ? 390 : 1280;
  const shoot = shooter(page, "refus", width, true);
  await withHelloAsso(browser, baseURL!, async () => {
    const lastName = `Refus${width}${Date.now().toString(36)}`;
    const { total } = await registerAdultPayingByCard(page, lastName);
    await page.getByRole("button", { name: "Refuser la carte" }).click();
    await expect(page).toHaveURL(/carte=refus/);
    await expect(page.getByRole("status")).toContainText(
      "Le paiement par carte n'a pas abouti : rien n'a été prélevé.",
    );
    await expect(page.getByText(PAID)).toHaveCount(0);
    const reference = await referenceOn(page);
    expect(paymentsOf(reference).filter((p) => p.status === "received")).toEqual([]);
    await shoot("1-refusee");

    // Again from the file's page; this time HelloAsso notifies after the family is back.
    await fake("configure", { notifyBeforeReturn: false });
    try {
      await page.getByRole("button", { name: /^Payer .* par carte$/ }).click();
      await expect(page).toHaveURL(new RegExp(`^${FAKE}/checkout/\\d+$`));
      expect(cents((await page.locator(".amount").textContent()) ?? "")).toBe(total);
      await page.getByRole("button", { name: "Payer", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: PAID })).toBeVisible();
    } finally {
      await fake("configure", { notifyBeforeReturn: true });
    }
    const intentId = Number(
      (await fakeState()).intents.at(-1)!.id, // this test holds the lock: the last intent is ours
    );
    const orderId = (await fakeState()).intents.find((i) => i.id === intentId)!.orderId!;
    await expect
      .poll(async () =>
        (await fakeState()).notifications.some(
          (n) => n.body.includes(`"id":${orderId},`) && n.status === 200,
        ),
      )
      .toBe(true);
    await notificationsProcessed(orderId);
    expect(cardPaymentsOf(reference)).toEqual([
      expect.objectContaining({ status: "received", amount_cents: total }),
    ]);
  });
});

test("an abandoned payment: back on the file's page, nothing recorded; an attacker's forged return and notification record nothing", async ({
  page,
  browser,
  baseURL,
  login,
}, info) => {
  test.setTimeout(120_000);
  const width = info.project.name === "mobile" ? 390 : 1280;
  const shoot = shooter(page, "abandon", width, true);
  await withHelloAsso(browser, baseURL!, async () => {
    const lastName = `Abandon${width}${Date.now().toString(36)}`;
    const { token, intentId } = await registerAdultPayingByCard(page, lastName);
    await page.getByRole("button", { name: "Abandonner" }).click();
    await expect(page).toHaveURL(/carte=abandon/);
    await expect(page.getByRole("status")).toContainText("Vous êtes revenu sans payer");
    await expect(page.getByRole("button", { name: /^Payer .* par carte$/ })).toBeVisible();
    await shoot("1-abandon");
    const reference = await referenceOn(page);

    // The attacker's return address, claiming success for a file that never paid.
    await page.goto(
      `/adhesion/dossier/${token}/carte/retour?checkoutIntentId=1&code=succeeded&orderId=1`,
    );
    await expect(page.getByText(/^Merci/)).toHaveCount(0);
    expect(paymentsOf(reference).filter((p) => p.status === "received")).toEqual([]);

    // A forged Order notification naming the real, unpaid intent, from 127.0.0.1 (allowed).
    const intent = (await fakeState()).intents.find((i) => i.id === intentId)!;
    expect(intent.orderId).toBeNull();
    const forgedOrderId = 900_000 + width;
    const at = new Date().toISOString();
    const forged = await page.request.post("/api/helloasso/notification", {
      data: {
        eventType: "Order",
        metadata: intent.body.metadata,
        data: {
          id: forgedOrderId,
          date: at,
          formSlug: "default",
          formType: "Checkout",
          organizationSlug: SLUG,
          checkoutIntentId: intentId,
          amount: { total: 1, vat: 0, discount: 0 },
          payer: { email: "pirate@example.org", firstName: "P", lastName: "Irate" },
          items: [],
          payments: [
            {
              id: 1,
              amount: 1,
              date: at,
              paymentMeans: "Card",
              installmentNumber: 1,
              state: "Authorized",
              type: "Credit",
            },
          ],
        },
      },
    });
    expect(forged.status()).toBe(200);
    await notificationsProcessed(forgedOrderId);
    expect(paymentsOf(reference).filter((p) => p.status === "received")).toEqual([]);

    // The desk still has the file to pay.
    ensureVolunteer("tresorier-carte", "tresorier");
    await login("tresorier-carte");
    await page.goto(`/admin/adhesions/dossiers/${fileIdOf(reference)}`);
    await hydrated(page);
    await expect(page.getByText("Aucun paiement reçu.")).toBeVisible();
    await expect(page.getByText("À payer", { exact: true }).first()).toBeVisible();
  });
});

test(
  "three instalments: the first is paid, two wait; a replayed notification adds nothing; the desk shows the order, then the two others taken and the refund",
  { tag: "@phone" },
  async ({ page, browser, baseURL, login }, info) => {
    test.setTimeout(120_000);
    const width = info.project.name === "mobile" ? 390 : 1280;
    const shoot = shooter(page, "3-fois", width, true);
    await withHelloAsso(browser, baseURL!, async () => {
      const lastName = `Trois${width}${Date.now().toString(36)}`;
      // Chosen on the payment step: from the file's page after an abandon, the open checkout
      // (in one payment) is reused for 15 minutes (reported, see the last test).
      await registerAdultPayingByCard(page, lastName, { instalments: 3, shoot });
      const due = cents((await page.locator(".amount").textContent()) ?? "");
      const schedule = (await page.getByText(/^En 3 fois :/).textContent()) ?? "";
      const first = cents(schedule.split("aujourd’hui")[0]!);
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(due);
      await page.getByRole("button", { name: "Payer", exact: true }).click();

      await expect(page.getByRole("status")).toContainText(
        "Merci : votre premier paiement par carte est enregistré",
      );
      // The two instalments left are HelloAsso's to take: no second card payment offered.
      await expect(page.getByRole("button", { name: /par carte$/ })).toHaveCount(0);
      await expect(page.getByText(/sa part du paiement/)).toHaveCount(0);
      await shoot("1-dossier");
      const reference = await referenceOn(page);
      const card = () => cardPaymentsOf(reference);
      expect(card().map((p) => p.status)).toEqual(["received", "expected", "expected"]);
      expect(card()[0]!.amount_cents).toBe(first);
      expect(card().reduce((sum, p) => sum + p.amount_cents, 0)).toBe(due);

      // HelloAsso's notification sent again, byte for byte: still the same payments.
      const state = await fakeState();
      const orderId = state.intents.at(-1)!.orderId!;
      expect(state.notifications.at(-1)!.body).toContain(`"id":${orderId},`);
      const replay = await fake("resend-last-notification");
      expect(replay.status).toBe(200);
      await notificationsProcessed(orderId);
      expect(card()).toHaveLength(3);

      ensureVolunteer("tresorier-carte", "tresorier");
      await login("tresorier-carte");
      await page.goto(`/admin/adhesions/dossiers/${fileIdOf(reference)}`);
      await hydrated(page);
      await expect(
        page.getByRole("heading", { level: 1, name: `Réception du dossier ${reference}` }),
      ).toBeVisible();
      const received = page.getByRole("region", { name: "Paiements reçus et annulés" });
      // The first instalment received, with its order; the card promise it replaced, cancelled.
      const rows = received.getByRole("listitem");
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: "Reçu" })).toHaveCount(1);
      await expect(rows.filter({ hasText: "Reçu" })).toContainText("Carte bancaire (HelloAsso) de");
      expect(cents((await rows.filter({ hasText: "Reçu" }).textContent()) ?? "")).toBe(first);
      await expect(rows.filter({ hasText: "Reçu" })).toContainText(
        `Commande HelloAsso ${orderId} · échéance 1`,
      );
      await expect(rows.filter({ hasText: "Annulé" })).toHaveCount(1);
      await expect(
        page.getByRole("article", { name: /^Carte bancaire \(HelloAsso\) attendu/ }),
      ).toHaveCount(2);
      await expectNoAxeViolations(page);
      await screenshot(page, { path: `${SHOTS}/guichet-${width}.png`, fullPage: true });

      // HelloAsso takes instalments 2 and 3, then refunds the order: only its Payment
      // notifications come, in the published shape (the order's id, no checkout intent id).
      for (const n of [2, 3]) {
        await fake(`orders/${orderId}/payments/${n}/state`, { state: "Authorized" });
      }
      await notificationsProcessed(orderId);
      expect(card().map((p) => p.status)).toEqual(["received", "received", "received"]);
      await page.reload();
      await expect(rows.filter({ hasText: "Reçu" })).toHaveCount(3);
      await expect(page.getByRole("article", { name: /^Carte bancaire/ })).toHaveCount(0);
      await fake(`orders/${orderId}/refund`);
      await notificationsProcessed(orderId);
      await page.reload();
      await expect(rows.filter({ hasText: "Remboursé" })).toHaveCount(3);
    });
  },
);

test("a page still open in one number of instalments is not swapped for another (both could be paid)", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await withHelloAsso(browser, baseURL!, async () => {
    await registerAdultPayingByCard(page, `Reuse${Date.now().toString(36)}`);
    await page.getByRole("button", { name: "Abandonner" }).click();
    await expect(page).toHaveURL(/carte=abandon/);
    await page.getByLabel("en 3 fois, à un mois d'écart").check();
    await page.getByRole("button", { name: /^Payer .* par carte$/ }).click();
    await expect(page).toHaveURL(/carte=ouvert/);
    await expect(page.getByRole("status")).toContainText(
      "commencé il y a moins de 15 minutes, est encore ouvert sur HelloAsso",
    );
    // The same choice as before goes back to the page still open.
    await page.getByLabel("en une fois").check();
    await page.getByRole("button", { name: /^Payer .* par carte$/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${FAKE}/checkout/\\d+$`));
  });
});
