import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";

// The footer of a long dialog stays pinned to its bottom edge, opaque, while the body
// scrolls: no strip of the fields shows below it.

/** Scrolls the dialog's body half-way and reports what is at its bottom edge. */
function bottomEdge(dialog: Locator) {
  return dialog.getByRole("button", { name: "Annuler" }).evaluate((button) => {
    let footer: HTMLElement | null = button.parentElement;
    while (footer && getComputedStyle(footer).position !== "sticky") {
      footer = footer.parentElement;
    }
    let scroller = footer!.parentElement!;
    while (!/auto|scroll/.test(getComputedStyle(scroller).overflowY)) {
      scroller = scroller.parentElement!;
    }
    if (scroller.scrollHeight <= scroller.clientHeight) return "not scrollable";
    scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) / 2;
    const bottom = scroller.getBoundingClientRect().bottom;
    const footerBox = footer!.getBoundingClientRect();
    // What shows 2 px above the body's bottom edge, at the footer's left.
    const seen = document.elementFromPoint(footerBox.left + 2, bottom - 2);
    return {
      gap: Math.round(bottom - footerBox.bottom),
      covered: seen !== null && footer!.contains(seen),
      background: getComputedStyle(footer!).backgroundColor,
    };
  });
}

const PINNED = { gap: 0, covered: true, background: "rgb(255, 255, 255)" };

test.describe("admin dialogs", () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test("the footer of a scrolled dialog covers the body's bottom edge", async ({ page }) => {
    await page.goto("/admin/blog");
    await page.locator("[data-shell-ready]").waitFor();
    await page.getByRole("button", { name: "Nouvel article" }).first().click();
    const article = page.getByRole("dialog", { name: "Nouvel article" });
    await expect(article.getByRole("button", { name: "Annuler" })).toBeVisible();
    expect(await bottomEdge(article)).toEqual(PINNED);

    await page.goto("/admin/schedule");
    await page.locator("[data-shell-ready]").waitFor();
    await page.getByRole("button", { name: "Nouvelle activité" }).click();
    const activity = page.getByRole("dialog", { name: "Nouvelle activité" });
    await expect(activity.getByRole("button", { name: "Annuler" })).toBeVisible();
    expect(await bottomEdge(activity)).toEqual(PINNED);
  });
});
