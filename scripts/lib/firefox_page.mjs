// One phone-sized page in Firefox ESR, driven from Python over JSON lines (scripts/lib/
// xbrowser.py's FirefoxPage starts it): headless, a fresh profile, a 360 x 640 viewport, as the
// smoke run starts it (scripts/lib/firefox.mjs: puppeteer-core over WebDriver BiDi).
//
//   node scripts/lib/firefox_page.mjs '{"ui.systemUsesDarkTheme": 1, ...}'   (about:config prefs)
//
// Each stdin line is one command, each stdout line its answer ({"ok": true, "value": ...} or
// {"ok": false, "error": "..."}), in order:
//   {"op": "goto", "url": "..."}       load a page (until DOMContentLoaded)
//   {"op": "eval", "js": "..."}        evaluate a JavaScript expression in the page (a promise
//                                      is awaited); its JSON value
//   {"op": "click", "sel": "...", "nth": 0}  a real click (pointer events) in the middle of
//                                      the nth element the CSS selector finds, scrolled into view
//   {"op": "reload"}                   reload the page (until DOMContentLoaded)
//   {"op": "shot", "path": "..."}      a PNG of the viewport
//   {"op": "errors"}                   console errors and uncaught page errors seen so far
//   {"op": "console"}                  console warnings and errors seen so far (the page's and,
//                                      where the browser passes them on, its workers')
//   {"op": "quit"}                     close the browser and end
import { createInterface } from "node:readline";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchFirefox, phoneViewport } from "./firefox.mjs";

// A real click on the nth element of `sel`, found again when the page redrew it between
// finding and clicking (as Playwright's locators do): the app replaces a region's HTML
// whenever the table changes, which at a table of phones can be at any moment.
async function click(page, sel, nth) {
  for (let tries = 0; ; tries++) {
    const el = (await page.$$(sel))[nth];
    try {
      if (!el) throw new Error(`nothing to click: ${sel} [${nth}]`);
      await el.click();
      return;
    } catch (e) {
      if (tries >= 40 || !/detached|nothing to click|not clickable|not visible/i.test(String(e))) {
        throw e;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const prefs = JSON.parse(process.argv[2] || "{}");
const say = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
const profile = mkdtempSync(join(tmpdir(), "xshots-firefox-"));
const errors = [];
const consoled = [];
let browser;
try {
  browser = await launchFirefox(profile, { prefs });
  const page = await browser.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console error: ${m.text()}`);
    if (m.type() === "error" || m.type() === "warn" || m.type() === "warning") {
      consoled.push(`${m.type()}: ${m.text()}`);
    }
  });
  page.on("pageerror", (e) => errors.push(`page error: ${e && e.message ? e.message : e}`));
  await phoneViewport(page);
  say({ ok: true, value: "started" });
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const cmd = JSON.parse(line);
    try {
      if (cmd.op === "quit") break;
      let value = null;
      if (cmd.op === "goto") await page.goto(cmd.url, { waitUntil: "domcontentloaded" });
      else if (cmd.op === "eval") value = await page.evaluate(cmd.js);
      else if (cmd.op === "click") await click(page, cmd.sel, cmd.nth || 0); else if (cmd.op === "reload") await page.reload({ waitUntil: "domcontentloaded" });
      else if (cmd.op === "shot") await page.screenshot({ path: cmd.path });
      else if (cmd.op === "errors") value = errors.splice(0);
      else if (cmd.op === "console") value = consoled.splice(0);
      else throw new Error(`unknown op ${cmd.op}`);
      say({ ok: true, value: value === undefined ? null : value });
    } catch (e) {
      say({ ok: false, error: `${e && e.message ? e.message : e}` });
    }
  }
} catch (e) {
  say({ ok: false, error: `${e && e.stack ? e.stack : e}` });
} finally {
  if (browser) await browser.close().catch(() => {});
  rmSync(profile, { recursive: true, force: true });
}
process.exit(0);
