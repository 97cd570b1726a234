import { spawn, type ChildProcess } from 'node:child_process';
import { Builder, By, Capabilities, Key, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../../support/startServer.ts';
import { HANG_MS, type Engine, type EnginePage } from './engine.ts';

/** Debian's `webkit2gtk-driver` and the MiniBrowser of `libwebkit2gtk-4.1` (Safari's engine, WebKitGTK 2.50). */
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const WEBKIT_BROWSER_PATH = process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * WebKitGTK through its WebDriver (classic WebDriver; its driver offers no BiDi session) and
 * selenium-webdriver. The GTK 3 MiniBrowser has no headless mode, so it gets a display of its
 * own: an Xvfb on a display number Xvfb picks itself (`-displayfd`), never one a developer uses.
 */
export async function launchWebKit(): Promise<Engine> {
  const started: ChildProcess[] = [];
  const stop = () => started.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
  try {
    const display = await startXvfb(started);
    const driverUrl = await startDriver(display, started);
    const driver = await new Builder()
      .usingServer(driverUrl)
      .withCapabilities(
        new Capabilities({
          browserName: 'MiniBrowser',
          acceptInsecureCerts: true,
          'webkitgtk:browserOptions': { binary: WEBKIT_BROWSER_PATH, args: ['--automation'] },
        }),
      )
      .build();
    await driver.manage().setTimeouts({ pageLoad: HANG_MS, script: HANG_MS });
    return {
      name: 'WebKit',
      page: webkitPage(driver),
      close: async () => {
        await driver.quit().catch(() => undefined);
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/** Xvfb on a free display; resolves with its number once it accepts clients (it writes it to fd 3 then). */
function startXvfb(started: ChildProcess[]): Promise<string> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  started.push(xvfb);
  let output = '';
  xvfb.stderr?.on('data', (chunk) => (output += String(chunk)));
  return new Promise((resolve, reject) => {
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}):\n${output}`)));
    xvfb.stdio[3]?.once('data', (chunk) => resolve(`:${String(chunk).trim()}`));
  });
}

/** WebKitWebDriver on a free loopback port; resolves once it answers `/status`. */
async function startDriver(display: string, started: ChildProcess[]): Promise<string> {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=local'], {
    env: { ...process.env, DISPLAY: display },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(driver);
  const url = `http://127.0.0.1:${port}`;
  // It prints nothing when ready: its status endpoint answering is the signal, as for the site
  // (tests/support/startServer.ts).
  for (const deadline = Date.now() + HANG_MS; ;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    const ready = await fetch(`${url}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return url;
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Classic WebDriver reads no console. What the page reports is recorded by a watcher put in
 * after each load (console.error, uncaught errors, unhandled rejections), so errors in the
 * interactions and in-app navigations are seen; an error before the `load` event is not (decision 040).
 */
const WATCH = `if(!window.__engineProblems){const p=window.__engineProblems=[];const e=console.error.bind(console);
console.error=(...a)=>{p.push("console.error: "+a.map(String).join(" "));e(...a)};
addEventListener("error",(v)=>p.push("uncaught: "+v.message));
addEventListener("unhandledrejection",(v)=>p.push("unhandled rejection: "+String(v.reason)))}`;

/**
 * Brings the element at `selector` into view and waits until it stays put for a frame: a section
 * out of view is not laid out (`content-visibility: auto`, decision 016), and WebKitWebDriver calls
 * an element without a box "not interactable" rather than scrolling to it. The scroll is instant:
 * with a field focused the page scrolls smoothly (`html:focus-within`, globalStyles.ts), and a
 * press and release on either side of a still-moving button make no click.
 */
const REVEAL = `const [e,done]=arguments;e.scrollIntoView({block:"center",behavior:"instant"});let last="";
const settle=()=>{const r=e.getBoundingClientRect(),at=r.x+","+r.y;if(at===last)done();else{last=at;requestAnimationFrame(settle)}};
requestAnimationFrame(settle)`;

async function reveal(driver: WebDriver, selector: string) {
  const element = await driver.findElement(By.css(selector));
  await driver.executeAsyncScript(REVEAL, element);
  return element;
}

function webkitPage(driver: WebDriver): EnginePage {
  const watch = () => driver.executeScript(WATCH);
  return {
    goto: async (url) => {
      await driver.get(url);
      await watch();
    },
    resize: async (width, height) => {
      // The window's size includes the MiniBrowser's own toolbar: set, measure, correct once.
      await driver.manage().window().setRect({ x: 0, y: 0, width, height });
      const [innerWidth, innerHeight] = await driver.executeScript<[number, number]>('return [innerWidth, innerHeight]');
      await driver
        .manage()
        .window()
        .setRect({ x: 0, y: 0, width: 2 * width - innerWidth, height: 2 * height - innerHeight });
    },
    evaluate: (script) => driver.executeScript(script),
    waitFor: async (script, what, arg) => {
      await driver.wait(() => driver.executeScript<boolean>(script, arg), HANG_MS, `WebKit: ${what} did not happen`);
    },
    click: async (selector) => {
      await (await reveal(driver, selector)).click();
    },
    check: async (selector) => {
      await driver.executeScript('arguments[0].click()', await reveal(driver, selector));
    },
    type: async (selector, text) => {
      const element = await reveal(driver, selector);
      await element.clear();
      await element.sendKeys(text);
    },
    pressEscape: () => driver.actions().sendKeys(Key.ESCAPE).perform(),
    back: async () => {
      await driver.navigate().back();
      await watch();
    },
    forward: async () => {
      await driver.navigate().forward();
      await watch();
    },
    url: () => driver.getCurrentUrl(),
    problems: () => driver.executeScript<string[]>('return (window.__engineProblems||[]).splice(0)'),
  };
}
