import { describe, expect, it, vi } from 'vitest';
import { onFirstInteraction } from './first-interaction.ts';

describe('onFirstInteraction (issue #33: the glossary sheet loads on the first touch, not with the page)', () => {
  it.each(['pointerdown', 'keydown', 'scroll'])('runs once, at the first %s', (type) => {
    const target = new EventTarget();
    const fn = vi.fn();
    onFirstInteraction(target, fn);
    expect(fn).not.toHaveBeenCalled();
    target.dispatchEvent(new Event(type));
    target.dispatchEvent(new Event('pointerdown'));
    target.dispatchEvent(new Event('scroll'));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('ignores what is not the user turning to the page, and nothing after it stopped waiting', () => {
    const target = new EventTarget();
    const fn = vi.fn();
    const stop = onFirstInteraction(target, fn);
    target.dispatchEvent(new Event('load'));
    target.dispatchEvent(new Event('resize'));
    expect(fn).not.toHaveBeenCalled();
    stop();
    target.dispatchEvent(new Event('pointerdown'));
    expect(fn).not.toHaveBeenCalled();
  });
});
