import { afterEach, vi } from 'vitest';

// As in the Epic Stack: code under test that logs console.error fails its test, so React
// warnings (hydration, keys, act) cannot pass unnoticed. A test that expects one mocks it.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const logged = errors;
  errors = [];
  vi.restoreAllMocks();
  if (logged.length > 0) throw new Error(`console.error was called: ${String(logged[0]?.[0])}`);
});
