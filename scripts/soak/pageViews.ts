import { wrk, wrkScript, type Figures } from '../bench/wrk.ts';

/** Every path in turn, each once without and once with compression, as in load.ts's `runLoad`; `pause` ms between requests (wrk's `delay`). */
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
 * The hostile soak's real page views, driven by `wrk` in a process of its own (decision 049), each
 * connection pausing `pauseMs` between views, so p99 says what hostile traffic does to a visitor,
 * not how fast a saturated machine is. Failures: socket errors and answers other than 2xx/3xx.
 */
export async function pageViews(
  url: string,
  paths: readonly string[],
  connections: number,
  seconds: number,
  pauseMs: number,
): Promise<Figures> {
  const script = await wrkScript('views.lua', paths, `local pause = ${pauseMs}\n${VIEWS_SCRIPT}`);
  return wrk(`${url}/`, { connections, durationSeconds: seconds, script });
}
