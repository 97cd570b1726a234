import { wrk, wrkScript, type Figures } from '../bench/wrk.ts';

/** Every path in turn, each once without and once with compression, as `requestsFor` in load.ts;
 * each connection pausing `pause` ms between its requests (wrk's `delay`). */
const VIEWS_SCRIPT = `local i = 0
delay = function() return pause end
request = function()
  i = i % (#paths * 2) + 1
  local p = paths[math.floor((i + 1) / 2)]
  if i % 2 == 0 then return wrk.format(nil, p, { ["Accept-Encoding"] = "br, gzip" }) end
  return wrk.format(nil, p)
end
`;

/**
 * The hostile soak's real page views, driven by `wrk` in a process of its own. The latency the
 * targets judge must be the server's: autocannon in the soak's own process, beside the hostile
 * traffic, the slow sockets and the server's log stream it reads, was its own bottleneck (a CPU
 * profile of the server showed it idle half the time while autocannon reported p99 over 100 ms).
 *
 * Each connection pauses `pauseMs` between its page views. p99 is a latency target: a closed loop
 * at full speed measures the saturated machine instead (every connection queued behind the
 * others, and on 2 cores the server, wrk, the hostile clients and the image encoders sharing
 * them), whose p99 says how fast the machine is, not what hostile traffic does to a visitor. At
 * the defaults (25 connections, 50 ms) the views are offered at up to 500 a second, far above
 * the site's real traffic.
 * Failures: socket errors and every answer other than 2xx/3xx (the paths all answer 200).
 */
export async function pageViews(
  url: string,
  paths: readonly string[],
  connections: number,
  seconds: number,
  pauseMs: number,
): Promise<Figures> {
  const script = await wrkScript('views.lua', paths, `local pause = ${pauseMs}\n${VIEWS_SCRIPT}`);
  return wrk(`${url}/`, { connections, durationSeconds: seconds, headers: {}, expectedStatus: 200, script });
}
