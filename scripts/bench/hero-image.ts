// The home page's hero image as a phone at 412 px loads it.
import path from "node:path";
import type { Browser } from "@playwright/test";
import { CACHED } from "./environment";
import { kb, out } from "./report";

export async function heroImage(browser: Browser) {
  out();
  out("## Image du bandeau d'accueil à 412 px de large");
  out();
  out("| écran | fichier | format | octets |");
  out("| --- | --- | --- | ---: |");
  let largest = 0;
  for (const scale of [1, 1.75]) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: scale,
      isMobile: true,
    });
    const tab = await context.newPage();
    const sizes = new Map<string, number>();
    tab.on("response", async (response) => {
      if (response.request().resourceType() !== "image") return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      sizes.set(new URL(response.url()).pathname, body.length);
    });
    await tab.goto(`${CACHED}/`, { waitUntil: "networkidle", timeout: 30_000 });
    const src = await tab
      .locator("#hero-title")
      .locator("xpath=ancestor::section[1]//img")
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc)
      .catch(() => "");
    await context.close();
    const file = src ? new URL(src).pathname : "(pas d'image)";
    const bytes = sizes.get(file) ?? 0;
    largest = Math.max(largest, bytes);
    out(`| 412 px × ${scale} | \`${file}\` | ${path.extname(file).slice(1)} | ${kb(bytes)} |`);
  }
  return largest;
}
