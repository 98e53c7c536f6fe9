import { describe, expect, it } from 'vitest';
import { dragScrollLeft, isTap } from './drag-gesture';

describe('the service strip gesture', () => {
  it('treats a short, still press as a tap', () => {
    expect(isTap(150, 4)).toBe(true);
    expect(isTap(150, -9)).toBe(true);
  });

  it('treats a long press or a movement of 10 px or more as a drag', () => {
    expect(isTap(200, 0)).toBe(false);
    expect(isTap(50, 10)).toBe(false);
    expect(isTap(50, -25)).toBe(false);
  });

  it('scrolls 1.5 times the pointer movement, within the strip', () => {
    expect(dragScrollLeft(100, -20, 500)).toBe(130);
    expect(dragScrollLeft(100, 20, 500)).toBe(70);
    expect(dragScrollLeft(10, 100, 500)).toBe(0);
    expect(dragScrollLeft(480, -100, 500)).toBe(500);
  });
});
