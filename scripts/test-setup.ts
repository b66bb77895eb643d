import { afterEach, vi } from 'vitest';

/** Design §7: a console.error in a test fails it. */
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  vi.useRealTimers();
  if (errors.length > 0) {
    const first = errors[0];
    errors.length = 0;
    throw new Error(`console.error was called: ${first?.map(String).join(' ')}`);
  }
});
