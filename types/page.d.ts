// Written by scripts/page_types.py from web/app/messages.py (and the values named
// below): do not edit. `python -m scripts.page_types` writes it again;
// tests/app/test_page_types.py fails when it is stale.

// --- what the app answers: a JSON list of items (app.messages.Item) ---

export type Text = [string, string | null];
export interface Flight {
  card: string;
  from: string | null;
  delay: number;
  ms: number;
}
export type StoreOp = (string | null)[];
export interface Download {
  name: string;
  text: string;
  type: string;
}
/** One batch of screen updates (`app.page.Page`), carried out by bridge.js's `apply`. */
export interface Batch {
  hash?: string;
  regions?: { [key: string]: string };
  texts?: { [key: string]: Text };
  hidden?: { [key: string]: boolean };
  classes?: { [key: string]: boolean };
  data?: { [key: string]: string | null };
  title?: string;
  scrollTop?: boolean;
  focus?: string;
  flights?: Flight[];
  download?: Download;
  cues?: string[];
  announce?: string[];
}
export interface Question {
  id: number;
  request: string;
}
/** An op for the page's WebRTC and camera (web/app/net/rtc.js; `app.net.relay`). */
export interface NetOp {
  op: "offer" | "answer" | "accept" | "send" | "close" | "scan" | "scan-stop" | "awake";
  link?: number;
  sdp?: string;
  stun?: string;
  text?: string;
  into?: string;
  on?: boolean;
}
export interface StoreItem {
  store: StoreOp[];
}
export interface ThinkItem {
  think: Question;
}
export interface GoItem {
  go: string;
}
export interface UpdateItem {
  update: "apply";
}
export interface PersistItem {
  persist: true;
}
/** The first item of the start's answer: the pattern of the keys whose writes by another tab the page passes on (`app.storage.keys.SHARED_KEY`, written once). */
export interface SharedItem {
  shared: string;
}
export interface NetItem {
  net: NetOp;
}
/** What the page's thinking worker is for now (a second Python, the largest part of the app's memory; web/bridge.js): "play", computers play in the game on show (started now, so that their first turn does not wait for it); "pause", such a game goes on but is not on show (the rules, home: kept a while for the player's return, then ended); "rest", no computer plays (ended). */
export interface ThinkerItem {
  thinker: "play" | "pause" | "rest";
}
/** The kind of each item but the batch (its one key) and what it carries. */
export interface ItemKinds {
  store: StoreOp[];
  think: Question;
  go: string;
  update: "apply";
  persist: true;
  shared: string;
  net: NetOp;
  thinker: "play" | "pause" | "rest";
}
export type Item = Batch | StoreItem | ThinkItem | GoItem | UpdateItem | PersistItem | SharedItem | NetItem | ThinkerItem;

// --- what the page sends: events (app.messages.read_message) ---

export type PlayerKind = "click" | "change" | "key" | "route" | "storage" | "visible" | "hidden" | "file";
export type PageKind = "thought" | "refused" | "device" | "net";
/** A player's event (a tap, a key, an address, another tab's write...). */
export interface PlayerEvent {
  kind: PlayerKind;
  action?: string;
  data: { [key: string]: string };
  value?: string;
  key?: string;
  hash?: string;
}
/** What changed about the device (app.messages.DeviceChange). */
export interface DeviceData {
  offline?: string | null;
  installed?: boolean | null;
  persisted?: boolean | null;
  reducedMotion?: boolean | null;
  updateReady?: boolean;
}
export interface DeviceEvent { kind: "device"; action: ""; data: DeviceData }
/** The data of each net event (the page's WebRTC and camera). */
export interface NetEventData {
  offer: { link: string; sdp: string; };
  answer: { link: string; sdp: string; };
  open: { link: string; };
  message: { link: string; text: string; };
  close: { link: string; };
  failed: { link: string; reason: string; };
  scanned: { text: string; };
  "scan-failed": { reason: string; };
  "awake-failed": { reason: string; };
}
export type NetAction = keyof NetEventData;
export type NetEvent = { [A in NetAction]: { kind: "net"; action: A; data: NetEventData[A] } }[NetAction];
/** The thinking worker's answer to question `key`. */
export interface ThoughtEvent { kind: "thought"; action: ""; key: string; value: string; data: { ok: "1" | "0" } }
/** A write the browser refused (`value`: why). */
export interface RefusedEvent { kind: "refused"; action: ""; key: string; value: string; data: Record<string, never> }
/** An event of the page's own: not a player's, not counted in sent/handled. */
export type PageEvent = ThoughtEvent | RefusedEvent | DeviceEvent | NetEvent;
export type AnyEvent = PlayerEvent | PageEvent;

// --- values both sides agree on ---

/** The cues a batch may name (app.settings.CUES; web/app/cues.js plays each). */
export type Cue = "placed" | "refused" | "turn" | "won" | "lost";
/** Every storage key of the app starts so (app.storage.keys.PREFIX; the page's
 * snapshot at start, before Python runs, takes the keys that do). */
export type StoragePrefix = "tabletop.";
