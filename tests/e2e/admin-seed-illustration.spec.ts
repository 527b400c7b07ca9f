import { hydrated } from "./admin-disciplines-db";
import { expect, test } from "./fixtures";
import { withSiteLock } from "./site-helpers";

/*
 * A picture still from the seed (the illustration set) is marked as an example in the
 * back office, under its image field, and nowhere on the public site.
 */

const NOTE = "Illustration d'exemple : remplacez-la par une photo du club";

test("an example picture asks for the club's own photo, in the back office only", async ({
  page,
  login,
}) => {
  await login();
  await withSiteLock("disciplines", async () => {
    await page.goto("/admin/disciplines");
    await hydrated(page);
    await page.getByRole("tab", { name: "Apparence" }).click();
    await expect(page.getByText(NOTE)).toBeVisible();
    const field = page.getByLabel("Image", { exact: true });
    await expect(field).toHaveAccessibleDescription(new RegExp(`^${NOTE}`));

    // Another address, not saved: the note goes with the example picture.
    await page.getByLabel("Adresse de l'image (URL)").fill("/images/placeholder.webp");
    await expect(page.getByText(NOTE)).toBeHidden();
    await expect(field).not.toHaveAccessibleDescription(new RegExp(NOTE));

    await page.goto("/disciplines");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(NOTE)).toHaveCount(0);
  });
});
