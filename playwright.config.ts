import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, E2E_CHROMIUM_PATH, FULL_CHROMIUM } from "./tests/chromium";

// The built server runs on a throwaway DATA_DIR; the workers inherit these variables so
// fixtures can reach the same database (tests/e2e/fixtures.ts).
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "club-e2e-"));
  // Ours to remove at the end (tests/e2e/global-teardown.ts); a DATA_DIR given is kept.
  process.env.E2E_DATA_DIR_TEMPORARY = "1";
}
process.env.E2E_PORT ??= "3210";
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// The fake HelloAsso (tests/helloasso/fake-server.ts) the site's server talks to, so card
// payment is tested end to end without reaching HelloAsso.
// Card payment stays off until a spec turns it on (helloasso-payment.spec.ts).
process.env.E2E_HELLOASSO_PORT ??= "3219";
const helloAssoURL = `http://127.0.0.1:${process.env.E2E_HELLOASSO_PORT}`;

const chromium = { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_FLAGS };

// Every test runs on the desktop project. The mobile project (390 px) runs only the tests
// tagged "@phone": those that check the phone layout (they branch on `isMobile` or on the
// project's name, run only on a phone, run axe on a page whose phone layout differs, or take
// the 390 px screenshots of a screen). A test that would do the same thing on a phone as on a
// desktop runs once. A new test that checks the phone layout takes the tag:
//   test("…", { tag: "@phone" }, async ({ page }) => { … });
// A flow run without script, which checks the plain HTML forms, runs on the phone only
// ("@phone-only"): on a desktop it would draw the same pages as its run with script.
const PHONE = /@phone/;
// The tests of an upload refused from its header run in the full browser (tests/chromium.ts).
const FULL = /@full-chromium/;
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: "off",
    launchOptions: chromium,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
  },
  projects: [
    {
      name: "mobile",
      grep: PHONE,
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        // The phone's layout in CSS pixels, drawn at one device pixel each: the Pixel 7's
        // 2.625 paints seven times the pixels (and picks larger images) for the same layout.
        deviceScaleFactor: 1,
        launchOptions: chromium,
      },
    },
    {
      name: "desktop",
      grepInvert: [FULL, /@phone-only/],
      use: { ...desktop, launchOptions: chromium },
    },
    {
      name: "desktop-chromium",
      grep: FULL,
      use: { ...desktop, launchOptions: FULL_CHROMIUM },
    },
  ],
  webServer: [
    {
      command: "node scripts/start.js",
      url: `${baseURL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: process.env.E2E_PORT,
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        ADMIN_USERNAME: "admin",
        // The club's address (app/domains/content/site-address.server.ts): online membership and card
        // payment wait for it, and the specs' mails link back to this server.
        PUBLIC_URL: baseURL,
        ADMIN_PASSWORD: "e2e-mot-de-passe",
        DATABASE_URL: "",
        // A checkout may build elsewhere (BUILD_DIR=.builds/mine) to run beside another's tests.
        BUILD_DIR: process.env.BUILD_DIR ?? "",
        // Every test signs in from 127.0.0.1: the per-IP login limit would lock the admin out
        // after the throttling test's failures (the per-username limit stays 5).
        LOGIN_IP_LIMIT: "1000",
        // Likewise every contact message comes from 127.0.0.1 (the limit has a Vitest test).
        CONTACT_IP_LIMIT: "1000",
        // The sign-in forms answer at once, not after the 800 ms floor (its Vitest test,
        // app/routes/auth/login.test.ts, checks the real value).
        LOGIN_FLOOR_MS: "0",
        // A public form sent at once is not taken for a robot's: the specs need not wait the
        // 3 s a person takes (the real minimum has its Vitest tests: contact-guard, trial-book).
        FORM_MIN_FILL_MS: "0",
        // Scheduled publishing's due-job every second, not every minute (admin-schedule-publish.spec.ts).
        SCHEDULED_PUBLISHING_INTERVAL_MS: "1000",
        // HelloAsso's API is the fake below, on loopback.
        HELLOASSO_API_URL: helloAssoURL,
      },
    },
    {
      // The fake HelloAsso: its API, its payment page and its /_fake/... controls.
      command: "npx tsx tests/helloasso/run-fake-server.ts",
      url: `${helloAssoURL}/_fake/state`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_HELLOASSO_PORT: process.env.E2E_HELLOASSO_PORT },
    },
  ],
});
