import { expect, test } from 'vitest';
import { parseWrkOutput } from './wrk.ts';

// wrk 4.1's report, as printed with --latency (Debian's package).
const REPORT = `Running 5s test @ http://127.0.0.1:40123/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     3.51ms    1.02ms  21.30ms   88.20%
    Req/Sec    14.21k     1.10k   15.90k    80.00%
  Latency Distribution
     50%  850.00us
     75%    3.80ms
     90%    4.60ms
     99%    1.20s
  70712 requests in 5.00s, 1.39GB read
  Socket errors: connect 0, read 2, write 1, timeout 4
  Non-2xx or 3xx responses: 9
Requests/sec:  14142.40
Transfer/sec:    284.10MB
`;

test('the bench reads the requests, requests per second and the latency percentiles in milliseconds from wrk', () => {
  const figures = parseWrkOutput(REPORT, 200);
  expect(figures.requests).toBe(70712);
  expect(figures.rps).toBe(14142.4);
  expect(figures.p50).toBe(0.85);
  expect(figures.p99).toBe(1200);
});

test('socket errors always count as failures, error statuses only where the page should not answer one', () => {
  expect(parseWrkOutput(REPORT, 200).failures).toBe(2 + 1 + 4 + 9);
  expect(parseWrkOutput(REPORT, 404).failures).toBe(2 + 1 + 4);
});

test('a report the bench cannot read stops it instead of printing a made-up row', () => {
  expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused\n', 200)).toThrow(/unexpected wrk report/);
});
