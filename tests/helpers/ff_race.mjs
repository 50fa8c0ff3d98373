// probe: first visit, SW control, then leave at once; repeat; print errors seen
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchFirefox } from "./firefox.mjs";
const [url, runs] = [process.argv[2], +process.argv[3] || 5];
for (let i = 0; i < runs; i++) {
  const profile = mkdtempSync(join(tmpdir(), "ffr-"));
  const browser = await launchFirefox(profile);
  const page = await browser.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push("console: " + m.text()); });
  page.on("pageerror", (e) => errors.push("page: " + (e && e.message ? e.message : e)));
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await page.waitForFunction("document.documentElement.dataset.ready === '1'", { timeout: 120000, polling: 100 });
  const tReady = Date.now() - t0;
  await page.waitForFunction("!!(navigator.serviceWorker && navigator.serviceWorker.controller)", { timeout: 120000, polling: 100 });
  const tCtl = Date.now() - t0;
  if (process.env.WAIT_MAKER) await page.waitForFunction("!!document.documentElement.dataset.snapshot", { timeout: 120000, polling: 100 });
  const snap = await page.evaluate("document.documentElement.dataset.snapshot || ''");
  await page.goto("about:blank");
  await new Promise((r) => setTimeout(r, 1500));
  console.log(JSON.stringify({ i, tReady, tCtl, snap, errors }));
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
