// Starting Firefox ESR for a phone-sized page: Debian's /usr/bin/firefox-esr (no browser
// download), headless, a fresh profile, driven by puppeteer-core over WebDriver BiDi (no
// geckodriver). Shared by tests/xbrowser/firefox_smoke.mjs, scripts/lib/firefox_page.mjs,
// scripts/firefox_race.mjs and scripts/bench/stalls_firefox.mjs.
import puppeteer from "puppeteer-core";

export const FIREFOX = process.env.FIREFOX || "/usr/bin/firefox-esr";
export const PHONE = { width: 360, height: 640 };

// Firefox headless with the profile folder `profile`; `prefs`: more about:config prefs (e.g.
// "ui.systemUsesDarkTheme": 1).
export function launchFirefox(profile, { prefs = {}, protocolTimeout = 240_000 } = {}) {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    protocolTimeout,
    extraPrefsFirefox: { "browser.shell.checkDefaultBrowser": false, ...prefs },
  });
}

// The phone's viewport. puppeteer-core 25 also sends emulation.setScreenOrientationOverride,
// which Firefox ESR 140 does not have: that one error is let go (the viewport is set all the same).
export async function phoneViewport(page) {
  await page.setViewport(PHONE).catch((e) => {
    if (!/setScreenOrientationOverride/.test(String(e))) throw e;
  });
}
