/*
 * What the back office at scale measures on one admin address (scripts/bench/admin-lists.ts):
 * the HTML's size, the server's time one request at a time, and the long tasks of a phone's
 * main thread while the page loads and hydrates. Every loop is bounded in requests and time.
 */
import zlib from "node:zlib";
import type { Browser } from "@playwright/test";
import { SESSION_COOKIE } from "~/domains/volunteers/session.server";
import { get } from "./clients";
import { percentile } from "./report";

export const WARM_UP = 5;
export const SAMPLES = 40;
/** A slow page stops sampling after this long (never before WARM_UP samples). */
export const SAMPLE_SECONDS = 20;
/** A phone: 390 px wide, its CPU 4 times slower than this machine's (CDP throttling). */
const PHONE = { width: 390, height: 844 };
const CPU_SLOWDOWN = 4;
/** Loads per address (the median is kept), fewer when a load takes long. */
export const LOADS = 3;
const LOAD_SECONDS = 30;
/** A load stops waiting for the load event and the idle network after this long. */
export const LOAD_TIMEOUT_MS = 60_000;
/** After network idle, how long the shell may take to say it has hydrated. */
const HYDRATION_WAIT_MS = 10_000;

export interface Figures {
  /** HTML bytes, uncompressed and as sent with Accept-Encoding: gzip. */
  raw: number;
  gzip: number;
  /** Wall time of a GET on loopback, ms. */
  p50: number;
  p95: number;
  samples: number;
  /** Long tasks (> 50 ms) of Chromium's main thread: how many, the longest, their sum (ms). */
  tasks: number;
  longest: number;
  total: number;
  /** False when a load did not reach network idle and hydration within LOAD_TIMEOUT_MS. */
  hydrated: boolean;
}

/** An admin page as the signed-in admin gets it: its HTML and its gzip size. */
export async function fetchPage(url: string, session: string) {
  const response = await get(url, {
    Cookie: `${SESSION_COOKIE}=${session}`,
    "Accept-Encoding": "gzip",
  });
  if (response.status !== 200) {
    const to = response.headers.location ? ` vers ${response.headers.location}` : "";
    throw new Error(`${url} : HTTP ${response.status}${to}`);
  }
  const gzipped = response.headers["content-encoding"] === "gzip";
  const html = gzipped ? zlib.gunzipSync(response.body) : response.body;
  return {
    html: html.toString("utf8"),
    raw: html.length,
    gzip: gzipped ? response.body.length : zlib.gzipSync(html).length,
  };
}

export async function serverTime(url: string, session: string) {
  const headers = { Cookie: `${SESSION_COOKIE}=${session}`, "Accept-Encoding": "gzip" };
  for (let i = 0; i < WARM_UP; i += 1) await get(url, headers);
  const times: number[] = [];
  const end = Date.now() + SAMPLE_SECONDS * 1000;
  while (times.length < SAMPLES && (times.length < WARM_UP || Date.now() < end)) {
    const t0 = performance.now();
    await get(url, headers);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), samples: times.length };
}

/** One load in a new phone-sized context: the long tasks' durations. */
async function loadOnce(browser: Browser, url: string, session: string) {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    await context.addCookies([
      { name: SESSION_COOKIE, value: session, url, httpOnly: true, sameSite: "Lax" },
    ]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    // Before the page's first script: every long task of the document is seen.
    // NOTE: a string, not a function: the transpiler may add helpers the page lacks.
    await page.addInitScript(`
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: "longtask", buffered: true });
    `);
    const deadline = Date.now() + LOAD_TIMEOUT_MS;
    const left = () => Math.max(1, deadline - Date.now());
    const response = await page.goto(url, { waitUntil: "commit", timeout: LOAD_TIMEOUT_MS });
    if (response?.status() !== 200 || new URL(page.url()).pathname !== new URL(url).pathname) {
      throw new Error(
        `${url} dans Chromium : HTTP ${response?.status()}, arrivé sur ${page.url()}`,
      );
    }
    // A page too heavy to finish loading in time is measured as far as it went.
    const loaded = await page
      .waitForLoadState("load", { timeout: left() })
      .then(() => page.waitForLoadState("networkidle", { timeout: left() }))
      .then(
        () => true,
        () => false,
      );
    // The shell marks itself once React has hydrated it (app/routes/admin/layout.tsx),
    // normally before the network is idle.
    const hydrated =
      loaded &&
      (await page
        .waitForSelector("[data-shell-ready]", {
          state: "attached",
          timeout: Math.min(left(), HYDRATION_WAIT_MS),
        })
        .then(
          () => true,
          () => false,
        ));
    // A second more for what follows hydration (effects) and the observer's last callback.
    let timer: NodeJS.Timeout | undefined;
    const durations = (await Promise.race([
      page.evaluate(
        "new Promise((resolve) => setTimeout(() => resolve(window.__longTasks), 1000))",
      ),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${url} : page bloquée`)), 60_000);
      }),
    ]).finally(() => clearTimeout(timer))) as number[];
    return {
      tasks: durations.length,
      longest: Math.max(0, ...durations),
      total: durations.reduce((sum, each) => sum + each, 0),
      hydrated,
    };
  } finally {
    await context.close();
  }
}

async function longTasks(browser: Browser, url: string, session: string) {
  const runs: Awaited<ReturnType<typeof loadOnce>>[] = [];
  const end = Date.now() + LOAD_SECONDS * 1000;
  while (runs.length < LOADS && (runs.length === 0 || Date.now() < end)) {
    runs.push(await loadOnce(browser, url, session));
  }
  const median = (figure: (run: (typeof runs)[number]) => number) =>
    percentile(
      runs.map(figure).sort((a, b) => a - b),
      50,
    );
  return {
    tasks: median((run) => run.tasks),
    longest: median((run) => run.longest),
    total: median((run) => run.total),
    hydrated: runs.every((run) => run.hydrated),
  };
}

/** Every figure of one address, for the admin signed in with this session. */
export async function measure(browser: Browser, url: string, session: string): Promise<Figures> {
  const { raw, gzip } = await fetchPage(url, session);
  return {
    raw,
    gzip,
    ...(await serverTime(url, session)),
    ...(await longTasks(browser, url, session)),
  };
}
