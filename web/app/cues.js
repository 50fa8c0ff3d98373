// @ts-check
/* Sound effects and vibrations for what happens at every table (it names no game).
 *
 * The app sends named cues in a batch (app.page.Page.cue; the bridge hands them here):
 * "placed" a card played, "refused" a move refused, "turn" your turn again, "won", "lost".
 * Each is a short, quiet sound made here with the Web Audio API (no sound file to download)
 * when the root element has data-sound="1", and a short vibration (navigator.vibrate) when it
 * has data-haptics="1" (the app sets both from its settings; both are off until chosen).
 *
 * Browsers let a page make sound only after a tap (Safari: in the tap itself), so the
 * AudioContext is made, or woken, by the first tap or key once sound is on, or by the tap on
 * the sound switch itself. A device that cannot vibrate (iOS Safari has no navigator.vibrate)
 * gets the class "no-vibrate" on the root element, and Settings says so.
 */
/** @typedef {import("../../types/page").Cue} Cue */
(function () {
  "use strict";
  const root = document.documentElement;
  const canVibrate = typeof navigator.vibrate === "function";
  root.classList.toggle("no-vibrate", !canVibrate);
  const Ctx = window.AudioContext || window.webkitAudioContext;
  /** @type {AudioContext | null} */
  let ctx = null;

  // Each sound: notes of [frequency in Hz, start in s, length in s]; quiet and short. One of each
  // cue the app names (app.settings.CUES, as types/page.d.ts's Cue: tsc checks they agree).
  /** @type {Record<Cue, [number, number, number][]>} */
  const SOUNDS = {
    placed: [[660, 0, 0.05]],
    refused: [[233, 0, 0.09], [196, 0.1, 0.12]],
    turn: [[523, 0, 0.08], [784, 0.09, 0.1]],
    won: [[523, 0, 0.09], [659, 0.1, 0.09], [784, 0.2, 0.09], [1047, 0.3, 0.18]],
    lost: [[392, 0, 0.12], [330, 0.14, 0.12], [262, 0.28, 0.2]],
  };
  /** @type {Record<Cue, number[]>} */
  const PULSES = {
    placed: [10], refused: [40, 60, 40], turn: [25], won: [30, 50, 30, 50, 60], lost: [80],
  };
  const VOLUME = 0.08;

  /** @param {Event} e */
  function wake(e) {
    const target = /** @type {Partial<Element> | null} */ (e && e.target);
    const turningOn = target && target.closest &&
      target.closest('[data-key="sound"][aria-checked="false"]');
    if ((root.dataset.sound !== "1" && !turningOn) || !Ctx) return;
    try {
      if (!ctx) ctx = new Ctx();
      if (ctx.state === "suspended") ctx.resume();
    } catch (err) {
      ctx = null;
    }
  }
  for (const type of ["pointerdown", "touchend", "click", "keydown"]) {
    document.addEventListener(type, wake, true);
  }

  /** @param {Cue} name */
  function sound(name) {
    const notes = SOUNDS[name];
    if (!notes || !ctx || ctx.state === "closed") return;
    const t0 = ctx.currentTime + 0.01;
    for (const [freq, start, length] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(VOLUME, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
  }

  /** @param {string[]} names */
  function play(names) {
    // the most telling cue of a batch only: a refusal or an end, not also "placed"
    /** @type {Cue[]} */
    const order = ["won", "lost", "refused", "turn", "placed"];
    const name = order.find((n) => names.indexOf(n) >= 0);
    if (!name) return;
    try {
      if (root.dataset.sound === "1") sound(name);
      if (root.dataset.haptics === "1" && canVibrate) navigator.vibrate(PULSES[name]);
    } catch (err) {
      console.error(err);
    }
  }

  window.tabletopCues = { play };
})();
