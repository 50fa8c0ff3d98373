// Issue 33's Firefox race, on its own: a first visit in a fresh Firefox profile, the service
// worker in control, then the page left at once (as the smoke run used to do), RUNS times; each
// run prints the console and page errors seen. With --wait-maker the page is left only after
// the snapshot's maker (web/maker.js) has said what became of its snapshot.
//
//   scripts/play --port 8000 &   (or any server of build/site)
//   node scripts/firefox_race.mjs http://localhost:8000/ 8 [--wait-maker]
//
// Seen (3 Dec 2026, this 2-core machine, 8 runs each): 3 of 8 log "Failed to load
// '…/pyodide/pyodide.asm.mjs'. A ServiceWorker intercepted the request and encountered an
// unexpected error." when the page is left at once; 0 of 8 when it waits for the maker.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchFirefox } from "./lib/firefox.mjs";

const [url, runs] = [process.argv[2], Number(process.argv[3]) || 5];
const waitMaker = process.argv.includes("--wait-maker");
let failed = 0;
for (let i = 0; i < runs; i++) {
  const profile = mkdtempSync(join(tmpdir(), "firefox-race-"));
  const browser = await launchFirefox(profile);
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push("console: " + m.text()); });
    page.on("pageerror", (e) => errors.push("page: " + (e && e.message ? e.message : e)));
    await page.goto(url, { waitUntil: "domcontentloaded" });
    const wait = (js) => page.waitForFunction(js, { timeout: 120_000, polling: 100 });
    await wait("document.documentElement.dataset.ready === '1'");
    await wait("!!(navigator.serviceWorker && navigator.serviceWorker.controller)");
    if (waitMaker) await wait("!!document.documentElement.dataset.snapshot");
    const snapshot = await page.evaluate("document.documentElement.dataset.snapshot || ''");
    await page.goto("about:blank");
    await new Promise((r) => setTimeout(r, 1500));  // errors of the page left arrive late
    failed += errors.length > 0;
    console.log(JSON.stringify({ run: i + 1, snapshot, errors }));
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
console.log(`${failed} of ${runs} runs saw an error`);
