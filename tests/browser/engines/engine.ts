/**
 * One browser engine as the cross-engine suite drives it (decision 040): Firefox ESR through
 * puppeteer-core over WebDriver BiDi (firefox.ts), WebKitGTK through WebKitWebDriver and
 * selenium-webdriver (webkit.ts). The suite's paths (mainPaths.ts) are written once against this.
 */
export interface Engine {
  readonly name: 'Firefox' | 'WebKit';
  /** One tab, reused by a file's tests: a new tab costs seconds on a loaded machine. */
  readonly page: EnginePage;
  close(): Promise<void>;
}

export interface EnginePage {
  /** Opens `url` and resolves once its `load` event has fired. */
  goto(url: string): Promise<void>;
  /** The viewport's width and height in CSS pixels. */
  resize(width: number, height: number): Promise<void>;
  /** Runs `script` in the page (serialized: it may use nothing from the test's scope). */
  evaluate<T>(script: () => T): Promise<T>;
  /** Waits until `script` (given `arg`) returns true in the page; `what` names it in the failure. */
  waitFor<A = undefined>(script: (arg: A) => boolean, what: string, arg?: A): Promise<void>;
  /** A real click (the driver's pointer) on the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /**
   * Ticks the checkbox matching `selector`. The site draws its own box over the input, which
   * WebKitWebDriver then refuses to click ("not interactable"): there the input is clicked by script.
   */
  check(selector: string): Promise<void>;
  /** Types `text` into the element matching `selector`, as keys. */
  type(selector: string, text: string): Promise<void>;
  pressEscape(): Promise<void>;
  back(): Promise<void>;
  forward(): Promise<void>;
  url(): Promise<string>;
  /** Console errors and uncaught exceptions since the last call (see each engine for how it sees them). */
  problems(): Promise<string[]>;
}

/** How long a step that must happen may take before the test says which one hung (a loaded machine). */
export const HANG_MS = 30_000;
