import fs from "node:fs";

// Debian's Chromium: never downloaded, and nothing of its own on the network (no updates,
// no sync, no QUIC). CHROMIUM_PATH names another binary for both uses below.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

// The e2e tests run Debian's headless build of the same Chromium (package
// chromium-headless-shell), the shell Playwright itself runs headless: the same Blink and V8
// without the desktop browser around them, at about 60 % of its CPU a test. The bench keeps
// the full browser (CHROMIUM_PATH) for its figures. Without the package, the full browser.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// The full browser, for the tests tagged "@full-chromium" (playwright.config.ts): those of a
// body refused from its header (413 before a byte is read, server/request-guards.ts). On a
// loaded machine the headless build sometimes never reads an answer that comes while it is
// still sending, where Chromium shows it at once.
export const FULL_CHROMIUM = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };
