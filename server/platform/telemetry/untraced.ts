import { EventEmitter } from 'node:events';
import { Server, type IncomingMessage, type RequestListener } from 'node:http';

/** Whether a request, as it comes, will be answered without a span of its own. */
export type AnsweredWithoutSpan = (req: IncomingMessage) => boolean;

/**
 * Each listener's question, by the listener a server calls (one app per server; tests make many).
 * Kept on `globalThis`: the preload (dist/server/telemetry.js) and the server (dist/server/index.js)
 * are two bundles, each with its own copy of this module.
 */
const REGISTRY = Symbol.for('agency-site.answersWithoutSpan');
const questions = ((globalThis as { [REGISTRY]?: WeakMap<RequestListener, AnsweredWithoutSpan> })[REGISTRY] ??= new WeakMap());
/** A server's question, found once per server from its 'request' listeners. */
const byServer = new WeakMap<EventEmitter, AnsweredWithoutSpan | null>();

/**
 * Registers what `listener` answers without a trace (decision 037: a page-cache hit is counted and
 * logged, not traced). instrumentation-http asks `isAnsweredWithoutSpan` before it makes a
 * request's span (its `ignoreIncomingRequestHook`, server/platform/telemetry/tracing.ts): at that point
 * only the request and its server exist, so the question is found through the server's listener.
 */
export function answersWithoutSpan<Listener extends RequestListener>(listener: Listener, question: AnsweredWithoutSpan): Listener {
  questions.set(listener, question);
  return listener;
}

/** `wrapper` (a listener that calls `listener`) answers without a span what `listener` does. */
export function answersWithoutSpanAs<Listener extends RequestListener>(wrapper: Listener, listener: RequestListener): Listener {
  const question = questions.get(listener);
  if (question !== undefined) questions.set(wrapper, question);
  return wrapper;
}

/** The question of the server a request came to, if its listener registered one. */
function questionOf(req: IncomingMessage): AnsweredWithoutSpan | undefined {
  // Node sets `socket.server` on every socket a server accepts.
  const server = (req.socket as { server?: EventEmitter } | null)?.server;
  if (server === undefined) return undefined;
  let question = byServer.get(server);
  if (question === undefined) {
    // The site's listener is not always the first: a draining instance puts its own in front (server/platform/process/shutdown.ts).
    const listeners = server.listeners('request') as RequestListener[];
    question = listeners.map((listener) => questions.get(listener)).find((each) => each !== undefined) ?? null;
    byServer.set(server, question);
  }
  return question ?? undefined;
}

/** Requests already asked about and found traced (by `handOverUntracedDirectly`'s `emit`): not asked again. */
const traced = new WeakSet<IncomingMessage>();

/** instrumentation-http's `ignoreIncomingRequestHook`: true for a request answered without a span. */
export function isAnsweredWithoutSpan(req: IncomingMessage): boolean {
  if (traced.has(req)) return false;
  return questionOf(req)?.(req) === true;
}

/**
 * Hands a request answered without a span straight to `server`'s listeners, past
 * instrumentation-http's `emit` (patched on `http.Server.prototype` when tracing is on): even
 * ignored, a request costs it a context switch and two event-emitter bindings, a tenth of a hit
 * (`npm run bench`). Every other request takes the instrumented `emit` as before. Untraced, both
 * are Node's own and this changes nothing.
 */
export function handOverUntracedDirectly(server: Server): void {
  type Emit = (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  const instrumentedEmit = Reflect.get(Server.prototype, 'emit') as Emit & { __wrapped?: boolean };
  // Untraced (no preload), the prototype's is Node's own: nothing to go past, nothing to ask.
  if (instrumentedEmit.__wrapped !== true) return;
  const plainEmit = Reflect.get(EventEmitter.prototype, 'emit') as Emit;
  server.emit = function emit(this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const req = args[0] as IncomingMessage;
      if (isAnsweredWithoutSpan(req)) return plainEmit.call(this, event, ...args);
      traced.add(req);
    }
    return instrumentedEmit.call(this, event, ...args);
  } as Server['emit'];
}
