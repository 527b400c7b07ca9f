import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto("http://127.0.0.1:3511/", { waitUntil: "networkidle" });
console.log(await page.evaluate(() => [...document.querySelectorAll("header, footer, main section")].map(e => `${e.tagName} ${(e.getAttribute("aria-labelledby")||e.className).slice(0,40)} ${Math.round(e.getBoundingClientRect().height)}`).join("\n")));
await browser.close();
