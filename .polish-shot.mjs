import { chromium } from "playwright-core";
const [,, base, out, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 } });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const h = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(width, p, h, (h / 844).toFixed(2));
    if (out !== "-") await page.screenshot({ path: `${out}-${p.replace(/\W+/g, "") || "home"}-${width}.png`, fullPage: p === "/" , type: "png" });
  }
  await page.close();
}
await browser.close();
