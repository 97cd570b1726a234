import { expect, test } from 'vitest';
import { CostBudget } from './costBudget.ts';
import { ImageError } from './imageError.ts';

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

test('a big job fills the budget that several small ones share', async () => {
  const budget = new CostBudget(10, 30);
  const small = await Promise.all([1, 2, 3, 4, 5].map(() => budget.acquire(2, live())));
  expect(budget.inFlight).toBe(10);
  const big = budget.acquire(10, live());
  expect(await settled(big)).toBe(false);
  for (const lease of small) lease.release();
  const bigLease = await big;
  expect(budget.inFlight).toBe(10);
  const another = budget.acquire(2, live());
  expect(await settled(another)).toBe(false);
  bigLease.release();
  (await another).release();
  expect(budget.inFlight).toBe(0);
});

test('a job dearer than the whole budget runs alone rather than never', async () => {
  const budget = new CostBudget(10, 30);
  const small = await budget.acquire(1, live());
  const huge = budget.acquire(57, live());
  expect(await settled(huge)).toBe(false);
  small.release();
  const lease = await huge;
  expect(budget.running).toBe(1);
  const next = budget.acquire(1, live());
  expect(await settled(next)).toBe(false);
  lease.release();
  (await next).release();
});

test('past the queued cost a job is refused with a 503; a cheap one may still queue', async () => {
  const budget = new CostBudget(10, 12);
  const running = await budget.acquire(10, live());
  const first = budget.acquire(8, live());
  const refused = budget.acquire(8, live());
  await expect(refused).rejects.toMatchObject({ status: 503 });
  await expect(refused).rejects.toBeInstanceOf(ImageError);
  const cheap = budget.acquire(4, live());
  expect(budget.queued).toBe(12);
  running.release();
  (await first).release();
  (await cheap).release();
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

test("one client's waiting jobs are held to one budget's worth; other clients still queue", async () => {
  const budget = new CostBudget(10, 30);
  const running = await budget.acquire(57, live(), { client: 'flood' });
  const waiting = budget.acquire(57, live(), { client: 'flood' });
  // Waiting, a job dearer than the budget counts as the budget.
  expect(budget.queued).toBe(10);
  await expect(budget.acquire(57, live(), { client: 'flood' })).rejects.toMatchObject({ status: 503 });
  await expect(budget.acquire(1, live(), { client: 'flood' })).rejects.toMatchObject({ status: 503 });
  const others = [budget.acquire(2, live(), { client: 'a' }), budget.acquire(5, live(), { client: 'b' }), budget.acquire(2, live())];
  expect(budget.queued).toBe(19);
  running.release();
  (await waiting).release();
  for (const lease of await Promise.all(others)) lease.release();
  expect(budget.queued).toBe(0);
  expect(budget.inFlight).toBe(0);
});
