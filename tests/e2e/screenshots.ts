import type { Page, PageScreenshotOptions } from "@playwright/test";

/**
 * A picture of the screen for a person to look at (the 390 and 1280 px reviews), written
 * only when E2E_SCREENSHOTS=1: it checks nothing, and a full page costs the browser up to a
 * second, so the runs of `npm test` and CI take none.
 *   E2E_SCREENSHOTS=1 npx playwright test tests/e2e/helloasso-payment.spec.ts
 */
export async function screenshot(
  page: Page,
  options: PageScreenshotOptions & { path: string },
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === "1") await page.screenshot(options);
}
