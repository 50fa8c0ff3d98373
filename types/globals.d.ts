// What the page's scripts share, beyond the DOM: window.tabletop (web/start.js and
// web/bridge.js), window.pwa (web/pwa.js), the hooks the bridge calls in web/app/net/rtc.js and
// web/app/cues.js, and the few browser features the DOM library lacks or has not yet typed.
import type { Batch, NetOp, PageEvent, PlayerEvent } from "./page";

declare global {
  /** A call of the app's Python: its answer, a JSON list of items (app/link.py), or a promise
   * of it (from a worker, or from Python on this thread). */
  type PyAnswer = string | PromiseLike<string>;

  /** The app's Python as the bridge reaches it (app/link.py Link; app/main.py hands it). */
  interface TabletopApp {
    start(snapshot: string): PyAnswer;
    handle(event: string): PyAnswer;
    next(): PyAnswer;
  }

  /** The thinking worker (app/thinker.py), once started. */
  interface Thinker {
    think(request: string): Promise<string>;
    end(): void;
  }

  /** window.tabletop: start.js's part (thinker, workerFailed) and bridge.js's (the rest). */
  interface Tabletop {
    apply?: (batch: Batch | string) => void;
    connect?: (app: TabletopApp, how: "worker" | "page") => void;
    send?: (ev: PlayerEvent) => void;
    tell?: (ev: PageEvent) => void;
    thinker?: () => Promise<Thinker>;
    workerFailed?: string;
  }

  /** window.pwa (web/pwa.js). */
  interface Pwa {
    updateReady: boolean;
    registration: ServiceWorkerRegistration | null;
    onUpdate(cb: () => void): void;
    applyUpdate(): void;
    version(): Promise<string>;
  }

  /** A QR code jsQR found (vendor/jsQR.js, from the npm package jsqr). */
  interface JsQRCode { data: string }
  type JsQR = (data: Uint8ClampedArray, width: number, height: number,
               options?: { inversionAttempts?: string }) => JsQRCode | null;

  /** The Barcode Detection API (Chromium on Android and macOS; not in TypeScript's DOM). */
  interface DetectedBarcode { rawValue: string; format: string }
  interface BarcodeDetector { detect(source: CanvasImageSource): Promise<DetectedBarcode[]> }
  interface BarcodeDetectorClass {
    new (options?: { formats: string[] }): BarcodeDetector;
    getSupportedFormats(): Promise<string[]>;
  }

  interface Window {
    tabletop: Tabletop;
    pwa?: Pwa;
    tabletopNet?: { carry(op: NetOp): void; available(): boolean };
    tabletopCues?: { play(cues: string[]): void };
    cubeFarmCam?: object;
    jsQR?: JsQR;
    BarcodeDetector?: BarcodeDetectorClass;
    webkitAudioContext?: typeof AudioContext;
  }

  interface Navigator {
    /** iOS Safari: the page runs from the home screen. */
    standalone?: boolean;
  }

  /** A worker's global scope: tabletop.mjs runs in the page's workers and asks where it is. */
  var WorkerGlobalScope: { prototype: object; new (): object } | undefined;
}
