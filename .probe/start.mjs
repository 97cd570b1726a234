// .probe/start.ts
import sharp2 from "sharp";

// server/images/encoderPool.ts
import { fork } from "node:child_process";
import { once } from "node:events";
import { is } from "superstruct";

// server/images/encoderProtocol.ts
import { instance, integer, literal, min, number, object, optional, record, string, union } from "superstruct";
var EncoderSettings = object({ maxInputPixels: min(integer(), 1), avifEffort: min(integer(), 0) });
var EncodeJob = object({ sourceId: string(), bytes: instance(Buffer), ipxModifiers: record(string(), string()) });
var EncodeAnswer = union([
  object({ ok: literal(true), data: instance(Buffer) }),
  object({ ok: literal(false), message: string(), statusCode: optional(number()) })
]);

// server/images/imageError.ts
var ImageError = class extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
  status;
  name = "ImageError";
};
var ClientLeft = class extends ImageError {
  constructor() {
    super(499, "\u041A\u043B\u0438\u0435\u043D\u0442 \u0443\u0448\u0451\u043B");
  }
};

// server/images/encoderPool.ts
var ENCODE_FAILED_MESSAGE = "\u041D\u0435 \u0443\u0434\u0430\u043B\u043E\u0441\u044C \u043E\u0431\u0440\u0430\u0431\u043E\u0442\u0430\u0442\u044C \u0438\u0437\u043E\u0431\u0440\u0430\u0436\u0435\u043D\u0438\u0435";
var STOPPING_MESSAGE = "\u0421\u0435\u0440\u0432\u0438\u0441 \u0438\u0437\u043E\u0431\u0440\u0430\u0436\u0435\u043D\u0438\u0439 \u043E\u0441\u0442\u0430\u043D\u0430\u0432\u043B\u0438\u0432\u0430\u0435\u0442\u0441\u044F";
var IDLE_MS = 3e4;
var ENCODER_HEAP_MIB = 64;
var EncoderPool = class {
  constructor(options) {
    this.options = options;
  }
  options;
  /** Encoders free for a job, with the timer that ends each. */
  #idle = /* @__PURE__ */ new Map();
  #working = /* @__PURE__ */ new Set();
  #waiting = [];
  #closed = false;
  /** Process ids of the encoders running a job now. */
  get working() {
    return [...this.#working].flatMap((encoder) => encoder.pid === void 0 ? [] : [encoder.pid]);
  }
  /** Process ids of every encoder, working or idle. */
  get pids() {
    return [...this.#idle.keys(), ...this.#working].flatMap((encoder) => encoder.pid === void 0 ? [] : [encoder.pid]);
  }
  /**
   * The variant, made by an encoder process. Rejects with ClientLeft as soon as `signal` aborts
   * (its encoder killed), with a 500 if the encoder dies, and with ipx's own error (its
   * `statusCode` kept) for a picture ipx refuses.
   */
  async encode(job, signal) {
    const encoder = await this.#take(signal);
    return this.#run(encoder, job, signal);
  }
  /** Kills every encoder; jobs still running or waiting are refused with a 503. */
  async close() {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) waiter.fail(new ImageError(503, STOPPING_MESSAGE));
    for (const timer of this.#idle.values()) clearTimeout(timer);
    const encoders = [...this.#idle.keys(), ...this.#working];
    this.#idle.clear();
    await Promise.all(
      encoders.map(async (encoder) => {
        if (encoder.exitCode !== null || encoder.signalCode !== null) return;
        encoder.ref();
        const exited = once(encoder, "exit");
        encoder.kill("SIGKILL");
        await exited;
      })
    );
  }
  async #take(signal) {
    if (signal.aborted) throw new ClientLeft();
    if (this.#closed) throw new ImageError(503, STOPPING_MESSAGE);
    const free = this.#waiting.length === 0 ? this.#claim() : void 0;
    if (free !== void 0) return free;
    return new Promise((resolve, reject) => {
      const waiter = {
        start: (encoder) => {
          signal.removeEventListener("abort", drop);
          resolve(encoder);
        },
        fail: (error) => {
          signal.removeEventListener("abort", drop);
          reject(error);
        }
      };
      const drop = () => {
        const index = this.#waiting.indexOf(waiter);
        if (index !== -1) this.#waiting.splice(index, 1);
        reject(new ClientLeft());
      };
      signal.addEventListener("abort", drop, { once: true });
      this.#waiting.push(waiter);
    });
  }
  /** An idle encoder, else a new one if there is room. */
  #claim() {
    for (const [encoder2, timer] of this.#idle) {
      clearTimeout(timer);
      this.#idle.delete(encoder2);
      this.#working.add(encoder2);
      return encoder2;
    }
    if (this.#working.size >= this.options.size) return void 0;
    const encoder = this.#start();
    this.#working.add(encoder);
    return encoder;
  }
  #start() {
    const encoder = fork(this.options.entry, [JSON.stringify(this.options.settings)], {
      serialization: "advanced",
      execArgv: [`--max-old-space-size=${ENCODER_HEAP_MIB}`, "--enable-source-maps"],
      // Its standard error is the server's: a crash's own message is not lost.
      stdio: ["ignore", "inherit", "inherit", "ipc"]
    });
    encoder.on("error", (error) => this.options.logger.error({ err: error, encoderPid: encoder.pid }, "image encoder failed"));
    encoder.once("exit", () => {
      const timer = this.#idle.get(encoder);
      if (timer === void 0) return;
      clearTimeout(timer);
      this.#idle.delete(encoder);
    });
    return encoder;
  }
  #run(encoder, job, signal) {
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (reusable) => {
        if (settled) return false;
        settled = true;
        encoder.off("message", onMessage);
        encoder.off("exit", onExit);
        encoder.off("error", onError);
        signal.removeEventListener("abort", onAbort);
        if (!reusable) encoder.kill("SIGKILL");
        this.#free(encoder, reusable);
        return true;
      };
      const onMessage = (answer) => {
        const valid = is(answer, EncodeAnswer);
        if (!finish(valid)) return;
        if (!valid) {
          this.options.logger.error({ encoderPid: encoder.pid }, "image encoder answered something else than a variant");
          reject(new ImageError(500, ENCODE_FAILED_MESSAGE));
        } else if (answer.ok) {
          resolve(answer.data);
        } else {
          reject(Object.assign(new Error(answer.message), answer.statusCode === void 0 ? {} : { statusCode: answer.statusCode }));
        }
      };
      const onExit = (code, exitSignal) => {
        if (!finish(false)) return;
        if (this.#closed) {
          reject(new ImageError(503, STOPPING_MESSAGE));
          return;
        }
        this.options.logger.error({ encoderPid: encoder.pid, code, signal: exitSignal }, "image encoder exited during a job");
        reject(new ImageError(500, ENCODE_FAILED_MESSAGE));
      };
      const onError = () => {
        if (finish(false)) reject(new ImageError(500, ENCODE_FAILED_MESSAGE));
      };
      const onAbort = () => {
        if (!finish(false)) return;
        this.options.logger.debug({ encoderPid: encoder.pid }, "image encode stopped: its clients left");
        reject(new ClientLeft());
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      encoder.on("message", onMessage);
      encoder.once("exit", onExit);
      encoder.once("error", onError);
      signal.addEventListener("abort", onAbort, { once: true });
      encoder.ref();
      encoder.channel?.ref();
      encoder.send(job, (error) => {
        if (error !== null) onError();
      });
    });
  }
  /** Back to the idle ones (unless killed), then the next waiting job gets an encoder. */
  #free(encoder, reusable) {
    this.#working.delete(encoder);
    if (reusable && !this.#closed) {
      encoder.unref();
      encoder.channel?.unref();
      const timer = setTimeout(() => {
        this.#idle.delete(encoder);
        encoder.kill("SIGKILL");
      }, this.options.idleMs ?? IDLE_MS);
      timer.unref();
      this.#idle.set(encoder, timer);
    }
    for (let next = this.#waiting[0]; next !== void 0; next = this.#waiting[0]) {
      const free = this.#claim();
      if (free === void 0) return;
      this.#waiting.shift();
      next.start(free);
    }
  }
};

// server/images/processImage.ts
import { createIPX } from "ipx";
function createImageProcessor(limits) {
  const ipx = createVerifiedIpx(limits);
  return async (sourceId, bytes2, ipxModifiers) => {
    const output = await ipx(sourceId, ipxModifiers, { data: bytes2 }).process();
    return Buffer.isBuffer(output.data) ? output.data : Buffer.from(output.data);
  };
}
function createVerifiedIpx(limits) {
  return createIPX({
    storage: {
      name: "verified-source",
      getMeta: () => ({}),
      getData: (_id, requestOptions) => {
        const data = requestOptions?.data;
        return data?.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
      }
    },
    // ipx copies these onto each sharp instance's options before it sets the output format, and
    // its `toFormat(format, { quality })` leaves the effort alone: this is how the AVIF effort is
    // bounded without a fork of ipx (checked by imageService.test.ts).
    sharpOptions: { limitInputPixels: limits.maxInputPixels, ...{ heifEffort: limits.avifEffort } },
    svgo: false
  });
}

// server/logging/logger.ts
import pino from "pino";
function createLogger(level, destination = pino.destination({ dest: 1, sync: false })) {
  return pino(
    {
      level,
      base: { pid: process.pid },
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
        censor: "[redacted]"
      }
    },
    destination
  );
}

// server/paths.ts
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
function findRoot(start) {
  let dir = start;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}
var ROOT_DIR = findRoot(path.dirname(fileURLToPath(import.meta.url)));
var DIST_DIR = path.join(ROOT_DIR, "dist");
var PATHS = {
  manifest: path.join(DIST_DIR, "manifest.json"),
  assets: path.join(DIST_DIR, "client", "assets"),
  public: path.join(ROOT_DIR, "public"),
  data: path.join(ROOT_DIR, "data"),
  /** The image encoder process's entry (server/images/imageEncoder.ts), from source and bundle alike. */
  imageEncoder: path.join(DIST_DIR, "server", "imageEncoder.js")
};

// tests/support/processes.ts
import { readdirSync, readFileSync } from "node:fs";
import sharp from "sharp";
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return void 0;
  }
}
function cpuSeconds(pid) {
  const fields = statFields(pid);
  return fields === void 0 ? 0 : (Number(fields[11]) + Number(fields[12])) / 100;
}

// .probe/start.ts
var bytes = await sharp2({ create: { width: 1200, height: 630, channels: 3, background: "#3366cc" } }).png().toBuffer();
var mods = { w: "640", f: "webp" };
var settings = { maxInputPixels: 4e7, avifEffort: 2 };
var inproc = createImageProcessor(settings);
await inproc("x", bytes, mods);
var firsts = [];
var warm = [];
var local = [];
for (let round = 0; round < 3; round += 1) {
  const pool = new EncoderPool({ entry: PATHS.imageEncoder, size: 1, settings, logger: createLogger("silent") });
  let t = performance.now();
  await pool.encode({ sourceId: "x", bytes, ipxModifiers: mods }, new AbortController().signal);
  firsts.push(Math.round(performance.now() - t));
  t = performance.now();
  await pool.encode({ sourceId: "x", bytes, ipxModifiers: mods }, new AbortController().signal);
  warm.push(Math.round(performance.now() - t));
  t = performance.now();
  await inproc("x", bytes, mods);
  local.push(Math.round(performance.now() - t));
  await pool.close();
}
console.log({ firsts, warm, local });
var cpu = [];
for (let round = 0; round < 3; round += 1) {
  const pool = new EncoderPool({ entry: PATHS.imageEncoder, size: 1, settings, logger: createLogger("silent") });
  await pool.encode({ sourceId: "x", bytes: await sharp2({ create: { width: 20, height: 20, channels: 3, background: "#000" } }).png().toBuffer(), ipxModifiers: { w: "10", f: "jpeg" } }, new AbortController().signal);
  cpu.push(cpuSeconds(pool.pids[0]));
  await pool.close();
}
console.log({ cpuAfterTinyJob: cpu });
