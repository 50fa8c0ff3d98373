// The cross-browser smoke run in Firefox ESR, driven by puppeteer-core over WebDriver BiDi (no
// geckodriver, no browser download: Debian's /usr/bin/firefox-esr, a fresh profile).
//
//   node tests/xbrowser/firefox_smoke.mjs URL SCREENSHOT.png
//
// Started by tests/xbrowser/test_firefox.py, which serves build/site at URL. Talks to it in JSON
// lines on stdout: {"event": "offline"} asks it to stop the server (then it answers with one
// line on stdin), and the last line is {"event": "done", "steps": [...], "errors": [...],
// "failure": null | "..."}: the steps passed with their seconds, the console errors and
// uncaught page errors seen, and the first failure. Only the DOM is used: data-testid and
// data-action controls, document.documentElement.dataset (ready, sent, handled, busy, routed)
// and location.hash.
import { createInterface } from "node:readline";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchFirefox, phoneViewport } from "../../scripts/lib/firefox.mjs";

const [url, shot] = process.argv.slice(2);
const READY_MS = 180_000;
const say = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

const steps = [];
const errors = [];
let page;

async function step(name, fn) {
  const t0 = Date.now();
  const detail = await fn();
  steps.push({ name, seconds: (Date.now() - t0) / 1000, detail: detail ?? null });
}

const READY = "document.documentElement.dataset.ready === '1'";
const IDLE = `(() => { const d = document.documentElement.dataset;
  return d.busy !== '1' && (d.handled || '0') === (d.sent || '0'); })()`;
const HANDLED = "document.documentElement.dataset.handled || '0'";

const waitJs = (js, timeout = 60_000) => page.waitForFunction(js, { timeout, polling: 100 });
const js = (code) => page.evaluate(code);
const ready = () => waitJs(READY, READY_MS);
const idle = () => waitJs(IDLE);

// into the middle of the view at once (no smooth scrolling), and still for two frames
async function steady(el) {
  await el.evaluate((e) => new Promise((done) => {
    e.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    requestAnimationFrame(() => requestAnimationFrame(done));
  }));
}

async function tapSel(selector) {
  const before = await js(HANDLED);
  const el = await page.waitForSelector(selector, { timeout: 30_000 });
  await steady(el);
  await el.click();
  try {
    await page.waitForFunction((n) => (document.documentElement.dataset.handled || "0") !== n,
                               { timeout: 10_000, polling: 50 }, before);
  } catch {
    // a tap on a disabled control makes no event
  }
  await idle();
}
const tap = (testid) => tapSel(`[data-testid="${testid}"]`);

async function go(hash) {
  if ((await js("location.hash")) === hash) return;
  const before = await js("document.documentElement.dataset.routed");
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForFunction((n) => document.documentElement.dataset.routed !== n,
                             { timeout: 30_000, polling: 50 }, before);
  await idle();
}

async function fresh(hash) {  // open a link's game even over one in progress
  await go("#/");
  await go(hash);
  if (await page.$("[data-testid=offer]")) await tap("open-deal");
  await idle();
}

const count = (sel) => page.evaluate((s) => document.querySelectorAll(s).length, sel);
const message = () => js("(document.querySelector('[data-testid=message]') || {}).textContent || ''");
const handOf = (testid) => page.evaluate(
  (t) => [...document.querySelectorAll(`[data-testid=${t}]`)].map((b) => b.dataset.card), testid);

const TABLE = `(() => {
  const q = s => document.querySelector(s);
  const txt = s => q(s) ? q(s).textContent : null;
  return {
    stacks: [...document.querySelectorAll('[data-action=stack]')].map(
      b => [...b.querySelectorAll('[data-card]')].map(c => c.dataset.card)),
    deck: q('[data-testid=deck-count]') ? +q('[data-testid=deck-count]').textContent : null,
    discarded: q('[data-testid=discard-count]') ? +q('[data-testid=discard-count]').textContent : null,
    round: txt('[data-testid=round]'),
    deal: txt('[data-testid=deal-number]'),
  }; })()`;

function check(cond, what) {
  if (!cond) throw new Error(what);
}

async function reloadReady() {
  await page.reload({ waitUntil: "domcontentloaded" });
  await ready();
  await idle();
}

// --- the flows --------------------------------------------------------------------------------

async function perpetualMotion() {
  await fresh("#/perpetual-motion/deal/16557");
  check((await js(TABLE)).deck === 52, "a new deal has 52 cards in the deck");
  for (let i = 0; i < 3; i++) await tap("deal");
  const t = await js(TABLE);
  check(t.deck === 40, `three deals by taps leave 40 cards, not ${t.deck}`);
  return { deck: t.deck, round: t.round };
}

async function reloadResumes() {
  const before = await js(TABLE);
  await reloadReady();
  const after = await js(TABLE);
  check(JSON.stringify(after) === JSON.stringify(before),
        `after the reload ${JSON.stringify(after)} != ${JSON.stringify(before)}`);
  return { deal: after.deal, deck: after.deck };
}

const M_LIVE = "!!document.querySelector('[data-testid=m-table].live')";

async function machiavelli() {
  // the Hint followed, turn after turn, until a turn lays cards (the solver's heavy path)
  await fresh("#/machiavelli/deal/11?seats=you,beginner&variant=manipulation");
  const turns = [];
  for (let turn = 0; turn < 8; turn++) {
    await waitJs(`${M_LIVE} || !!document.querySelector('[data-testid=end]')`, 120_000);
    await idle();
    if (await count("[data-testid=end]")) break;
    const before = (await handOf("m-hand-card")).length;
    await tap("m-hint");
    await waitJs("/can lay|Nothing can be laid/.test(document.querySelector("
                 + "'[data-testid=message]').textContent)");
    if ((await message()).includes("Nothing can be laid")) {
      await tap("m-draw");
      turns.push("drew");
      continue;
    }
    let n = 0;
    for (; n < 200; n++) {
      const ok = await page.evaluate(() => {
        const s = document.querySelector("[data-testid=m-hint-step]");
        return !!s && !s.disabled && s.getAttribute("aria-disabled") !== "true";
      });
      if (!ok) break;
      await tap("m-hint-step");
      check(!(await message()).includes("Not allowed"), await message());
    }
    const laid = before - (await handOf("m-hand-card")).length;
    check(laid > 0, `${n} hinted steps laid no card`);
    await tap("m-end");
    turns.push(`laid ${laid} cards in ${n} hinted steps`);
    break;
  }
  check(turns.length && turns.at(-1).startsWith("laid"), `no turn laid a card: ${turns}`);
  return { turns };
}

const MM_LIVE = "!!document.querySelector('[data-testid=mm-table].live')";

async function machineHint() {
  // the last hint is gone once a step is taken (a new one comes from the thinker's worker)
  await waitJs("!document.querySelector('[data-testid=mm-table][data-hint]')", 15_000);
  await tap("mm-hint");
  await waitJs("!!document.querySelector('[data-testid=mm-table][data-hint]')");
  await idle();
  const hint = await js("document.querySelector('[data-testid=mm-table]').dataset.hint");
  const w = hint.split(" ");
  const actions = await js("document.documentElement.dataset.actions");
  if (w[0] === "setup") await tapSel(`[data-action=mm-setup][data-tracks="${w[1]} ${w[2]}"]`);
  else if (w[0] === "draw") await tap("mm-draw");
  else if (w[0] === "take") await tapSel(`[data-testid=mm-display][data-slot="${+w[1] - 1}"]`);
  else if (w[0] === "stop") await tap("mm-stop");
  else if (w[0] === "trade") await tap("mm-trade");
  else if (w[0] === "discard") await tap("mm-discard");
  else if (w[0] === "play") {
    let sel = `[data-action=mm-play][data-kind="${w[1]}"]`;
    if (w.includes("on")) sel += `[data-tracks="${w[w.indexOf("on") + 1].replace("+", " ")}"]`;
    if (w.includes("pile")) sel += `[data-pile="${w[w.indexOf("pile") + 1]}"]`;
    await tapSel(sel);
  } else throw new Error(`unknown hint ${hint}`);
  check(!(await message()).includes("Not allowed"), `${hint}: ${await message()}`);
  try {
    await page.waitForFunction((n) => document.documentElement.dataset.actions !== n,
                               { timeout: 15_000, polling: 50 }, actions);
  } catch (e) {
    throw new Error(`the hint "${hint}" followed by a tap took no step: ` + await js(
      "JSON.stringify({...document.documentElement.dataset, phase: document.querySelector('[data-testid=mm-table]').dataset.phase, draw: (document.querySelector('[data-testid=mm-draw]')||{}).outerHTML})"));
  }
  return hint;
}

async function machine() {
  await fresh("#/machine/deal/11?seats=you,beginner&max_rounds=6");
  const done = [];
  // the set-up, then hints followed until the turn passes to the computer
  const actions = async () => +(await js("document.documentElement.dataset.actions"));
  for (let i = 0; i < 12; i++) {
    await waitJs(`${MM_LIVE} || !!document.querySelector('[data-testid=end]')`, 120_000);
    await idle();
    if (await count("[data-testid=end]")) break;
    const n = await actions();
    const hint = await machineHint();
    done.push(hint);
    await waitJs(`${MM_LIVE} || !!document.querySelector('[data-testid=end]')`, 120_000);
    await idle();
    // more than this step counted: the turn passed and the computer has played
    if (!hint.startsWith("setup") && (await actions()) > n + 1) break;
  }
  check(done.some((h) => !h.startsWith("setup")), `no step after the set-up: ${done}`);
  return { hints: done };
}

const CENTRE = (el) => {
  const v = document.getElementById("cf-view").getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const c = window.cubeFarmCam;
  c.cam.x += v.left + v.width / 2 - (r.left + r.width / 2);
  c.cam.y += v.top + v.height / 3 - (r.top + r.height / 2);
  c.apply();
};

async function cubeFarm() {
  await fresh("#/cube-farm/deal/6?seats=you,beginner");
  await waitJs("!!document.querySelector('[data-testid=cf-table].live')", 120_000);
  const before = (await handOf("cf-hand-card")).length;
  await tap("cf-hand-card");
  const lit = await page.$$("#cf-svg .cf-lit");
  check(lit.length > 0, "a picked card lights the squares it may go on");
  const sq = lit[Math.floor(lit.length / 2)];
  await sq.evaluate(CENTRE);
  await sq.evaluate(() => new Promise((done) =>
    requestAnimationFrame(() => requestAnimationFrame(done))));
  const hb = await js(HANDLED);
  await sq.click();
  await page.waitForFunction((n) => (document.documentElement.dataset.handled || "0") !== n,
                             { timeout: 10_000, polling: 50 }, hb);
  await idle();
  check((await count("[data-testid=cf-preview]")) === 1, `no preview: ${await message()}`);
  await tap("cf-ok");
  const after = (await handOf("cf-hand-card")).length;
  check(after === before - 1, `the hand went from ${before} to ${after} cards`);
  if (shot) await page.screenshot({ path: shot });
  return { hand: [before, after] };
}

// --- the run ----------------------------------------------------------------------------------

const profile = mkdtempSync(join(tmpdir(), "xb-firefox-"));
let browser;
let failure = null;
try {
  browser = await launchFirefox(profile);
  page = await browser.newPage();
  page.on("console", (m) => { if (m.type() === "error") errors.push(`console error: ${m.text()}`); });
  page.on("pageerror", (e) => errors.push(`page error: ${e && e.message ? e.message : e}`));
  await phoneViewport(page);
  await step("first visit ready", async () => {
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await ready();
    // the error collection works: one console error made on purpose is seen, then dropped
    await js("console.error('xbrowser self-check')");
    for (let i = 0; i < 50 && !errors.some((e) => e.includes("xbrowser self-check")); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    check(errors.some((e) => e.includes("xbrowser self-check")), "console errors are not seen");
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes("xbrowser self-check")));
    return { thread: await js("document.documentElement.dataset.thread") };
  });
  await step("service worker controls the page", async () => {
    await waitJs("!!(navigator.serviceWorker && navigator.serviceWorker.controller)", 120_000);
  });
  // The first visit's snapshot is made by a worker of its own (web/maker.js) once the app is
  // idle. Leaving the page while it fetches Pyodide through the service worker ends it mid-fetch,
  // and Firefox then logs "A ServiceWorker intercepted the request and encountered an unexpected
  // error" on the page being left (nothing is lost: the next start makes the snapshot again).
  // That was this test's race (issue 33): it left the page as soon as the service worker took
  // control. A player leaves when they like; this test waits for the maker, and then checks that
  // the offline return visit restores what it made.
  await step("the first visit's snapshot made", async () => {
    await waitJs("!!document.documentElement.dataset.snapshot", 120_000);
    const made = await js("document.documentElement.dataset.snapshot");
    check(made === "made", `the snapshot was not made: ${made}`);
    return { snapshot: made };
  });
  await step("offline return visit ready", async () => {
    say({ event: "offline" });
    await lines.next();  // the server is stopped
    await page.goto("about:blank");
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await ready();
    await idle();
    const start = await js("document.documentElement.dataset.start");
    check(start === "snapshot", `the offline return visit started ${start}, not from the snapshot`);
    return { thread: await js("document.documentElement.dataset.thread"), start };
  });
  await step("perpetual motion: deals by taps", perpetualMotion);
  await step("reload resumes the game", reloadResumes);
  await step("machiavelli: a turn with the hint", machiavelli);
  await step("machine: the set-up and a turn by hints", machine);
  await step("cube farm: a card placed", cubeFarm);
} catch (e) {
  failure = `${e && e.stack ? e.stack : e}`;
  try {
    failure += `\nat ${await js("location.href")}; message: ${await message()}`;
  } catch { /* the page is gone */ }
} finally {
  if (browser) await browser.close().catch(() => {});
  rmSync(profile, { recursive: true, force: true });
}
say({ event: "done", steps, errors, failure });
process.exit(0);
