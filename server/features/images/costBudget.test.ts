import { expect, test } from 'vitest';
import { BIG_JOB_SHARE, CostBudget } from './costBudget.ts';
import { ClientRefusal, ImageError } from './imageError.ts';

const live = () => new AbortController().signal;
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

test('a big job takes what several small ones share, and two big jobs never run together', async () => {
  const budget = new CostBudget(16, 48);
  const small = await Promise.all([1, 2, 3, 4, 5, 6].map(() => budget.acquire(2, live())));
  expect(budget.inFlight).toBe(12);
  // A 3072 px AVIF of a photograph (57 units) takes the big jobs' share of the 16.
  const big = budget.acquire(57, live());
  expect(await settled(big)).toBe(false);
  for (const lease of small.slice(0, 4)) lease.release();
  const bigLease = await big;
  expect(budget.inFlight).toBe(16 * BIG_JOB_SHARE + 4);
  const secondBig = budget.acquire(57, live());
  expect(await settled(secondBig)).toBe(false);
  // Small jobs go past the waiting big one, within the reserve only.
  small[4]?.release();
  const passing = budget.acquire(2, live());
  expect(await settled(passing)).toBe(true);
  const overReserve = budget.acquire(4, live());
  expect(await settled(overReserve)).toBe(false);
  bigLease.release();
  // The running big one gone, the waiting one gets its room at once, before the small one behind it.
  const secondLease = await secondBig;
  expect(await settled(overReserve)).toBe(false);
  secondLease.release();
  small[5]?.release();
  (await passing).release();
  (await overReserve).release();
  expect(budget.inFlight).toBe(0);
});

test('a job dearer than the whole budget still runs', async () => {
  const budget = new CostBudget(10, 30);
  const huge = await budget.acquire(57, live());
  expect(budget.running).toBe(1);
  expect(budget.inFlight).toBe(10 * BIG_JOB_SHARE);
  huge.release();
});

test('past the queued cost a job is refused with a 503; a small one still runs beside', async () => {
  const budget = new CostBudget(10, 8);
  const running = await budget.acquire(10, live());
  const first = budget.acquire(8, live());
  const refused = budget.acquire(8, live());
  await expect(refused).rejects.toMatchObject({ status: 503 });
  // A full queue is nobody's own doing: answered at once, not held like a client's own refusal.
  await expect(refused).rejects.not.toBeInstanceOf(ClientRefusal);
  await expect(refused).rejects.toBeInstanceOf(ImageError);
  expect(budget.queued).toBe(10 * BIG_JOB_SHARE);
  // Within the reserve, a small job needs no place in the queue.
  const small = await budget.acquire(2, live());
  expect(budget.inFlight).toBe(10 * BIG_JOB_SHARE + 2);
  small.release();
  running.release();
  (await first).release();
  expect(budget.queued).toBe(0);
});

test('a waiting job whose signal aborts leaves the queue at once', async () => {
  const budget = new CostBudget(10, 10);
  const running = await budget.acquire(10, live());
  const leaving = new AbortController();
  const waiting = budget.acquire(10, leaving.signal);
  leaving.abort();
  await expect(waiting).rejects.toMatchObject({ status: 499 });
  expect(budget.queued).toBe(0);
  // Its place is free: the next one queues instead of being refused.
  const next = budget.acquire(10, live());
  running.release();
  (await next).release();
});

test('settling an estimate frees what it over-counted for the jobs that wait', async () => {
  const budget = new CostBudget(10, 30);
  const remote = await budget.acquire(9, live());
  const waiting = budget.acquire(5, live());
  expect(await settled(waiting)).toBe(false);
  remote.settle(2);
  const lease = await waiting;
  expect(budget.inFlight).toBe(7);
  lease.release();
  remote.release();
  remote.release();
  expect(budget.inFlight).toBe(0);
});

test('background jobs go after every visitor and are never refused', async () => {
  const budget = new CostBudget(10, 10);
  const running = await budget.acquire(10, live());
  const order: string[] = [];
  const background = budget.acquire(5, live(), { background: true }).then((lease) => {
    order.push('background');
    return lease;
  });
  const visitor = budget.acquire(10, live()).then((lease) => {
    order.push('visitor');
    return lease;
  });
  const alsoBackground = budget.acquire(50, live(), { background: true });
  running.release();
  (await visitor).release();
  (await background).release();
  (await alsoBackground).release();
  expect(order).toEqual(['visitor', 'background']);
});

test("one client's waiting jobs are held to one big job's share; other clients still queue", async () => {
  const budget = new CostBudget(10, 30);
  const running = await budget.acquire(57, live(), { client: 'flood' });
  const waiting = budget.acquire(57, live(), { client: 'flood' });
  expect(budget.queued).toBe(10 * BIG_JOB_SHARE);
  for (const cost of [57, 5]) {
    const refused = budget.acquire(cost, live(), { client: 'flood' });
    await expect(refused).rejects.toMatchObject({ status: 503 });
    // Its own share is full: held before it is sent (imageService.ts).
    await expect(refused).rejects.toBeInstanceOf(ClientRefusal);
  }
  const others = [budget.acquire(5, live(), { client: 'a' }), budget.acquire(5, live(), { client: 'b' }), budget.acquire(5, live())];
  expect(budget.queued).toBe(10 * BIG_JOB_SHARE + 15);
  running.release();
  (await waiting).release();
  for (const other of others) (await other).release();
  expect(budget.queued).toBe(0);
  expect(budget.inFlight).toBe(0);
});
