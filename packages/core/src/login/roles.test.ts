import { describe, expect, it } from 'vitest';
import { hasRole } from './roles.ts';

describe('hasRole', () => {
  it('lets admin through every check and others only through their own', () => {
    expect(hasRole(['user', 'admin'], ['advisor'])).toBe(true);
    expect(hasRole(['user', 'advisor'], ['advisor'])).toBe(true);
    expect(hasRole(['user', 'advisor'], ['editor'])).toBe(false);
    expect(hasRole(['user', 'editor'], ['advisor', 'editor'])).toBe(true);
    expect(hasRole(['user'], ['advisor', 'editor'])).toBe(false);
  });
});
