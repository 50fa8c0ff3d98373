// One fresh-profile Firefox ESR run of the stall benchmark (scripts/bench/stalls_xbrowser.py
// starts it), driven by puppeteer-core over WebDriver BiDi, headless, a 360 x 640 viewport:
//
//   node scripts/bench/stalls_firefox.mjs URL WATCH_HASH CAP_MS
//
// (i) the first visit until ready, (ii) a return visit (once the service worker controls the
// page) until ready, (iii) the watch link WATCH_HASH played to its end (or CAP_MS; an empty
// WATCH_HASH: no watch). The page's
// __stall.js (injected by the bench's server) measures; the last stdout line is the JSON
// {"first": {...}, "return": {...}, "watch": {...}} of what it read, or {"error": "..."}.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";
import { phoneViewport } from "../lib/firefox.mjs";

const [url, watchHash, capArg] = process.argv.slice(2);
const cap = +capArg || 300_000;
const FIREFOX = process.env.FIREFOX || "/usr/bin/firefox-esr";
const READY = "document.documentElement.dataset.ready === '1'";
const CONTROLLED = "!!(navigator.serviceWorker && navigator.serviceWorker.controller)";
const ENDED = "document.documentElement.dataset.outcome !== undefined"
  + " || !!document.querySelector('[data-testid=end]')";
const READ = (mark) => `(() => { const s = window.__stall; if (!s) return null;
  const m = s.marks[${JSON.stringify(mark)}];
  const open = performance.now() - s.last;
  return { max: m ? m.max : Math.max(s.max, open), at: m ? m.t : performance.now(),
           since: s.since, ticks: s.ticks,
           thread: document.documentElement.dataset.thread || null,
           thinker: document.documentElement.dataset.thinker || null,
           actions: +(document.documentElement.dataset.actions || 0) }; })()`;

const profile = mkdtempSync(join(tmpdir(), "stall-firefox-"));
let browser;
const out = {};
try {
  browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    protocolTimeout: cap + 120_000,
    extraPrefsFirefox: { "browser.shell.checkDefaultBrowser": false },
  });
  const page = await browser.newPage();
  await phoneViewport(page);
  const wait = (js, timeout) => page.waitForFunction(js, { timeout, polling: 250 });

  await page.goto(url, { waitUntil: "domcontentloaded" });
  await wait(READY, 240_000);
  out.first = await page.evaluate(READ("ready"));

  await wait(CONTROLLED, 120_000);
  await page.goto("about:blank");
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await wait(READY, 240_000);
  out.return = await page.evaluate(READ("ready"));
  out.return.controlled = await page.evaluate(CONTROLLED);

  if (watchHash) {
    await page.evaluate((h) => { window.__stallReset(); location.hash = h; }, watchHash);
    const t0 = Date.now();
    let capped = false;
    try {
      await wait(ENDED, cap);
    } catch {
      capped = true;
    }
    out.watch = await page.evaluate(READ("outcome"));
    out.watch.seconds = (Date.now() - t0) / 1000;
    out.watch.capped = capped;
  }
} catch (e) {
  out.error = `${e && e.stack ? e.stack : e}`;
} finally {
  if (browser) await browser.close().catch(() => {});
  rmSync(profile, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(out) + "\n");
process.exit(0);
