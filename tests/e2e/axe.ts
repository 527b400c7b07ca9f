import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe on the page, run in the page itself (legacy mode): the default mode opens a second
 * page to merge the frames' results, which costs a third of the check and adds nothing on
 * pages whose frames are our own. Every violation comes with all its elements; of the rules
 * passed or left undecided, only one element each (resultTypes: less for axe to gather and
 * to send back, and the tests read only the violations).
 */
export function axeCheck(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
}

/** The accessibility check of a page: axe finds no violation at all (toasts aside). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await axeCheck(page).exclude("[data-sonner-toaster]").analyze();
  expect(
    results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    })),
  ).toEqual([]);
}
