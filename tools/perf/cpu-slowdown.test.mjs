import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './cpu-slowdown.mjs';

describe('cpuSlowdownFor', () => {
  it("follows Lighthouse's calculator at its anchors", () => {
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(1300)).toBe(3);
    // Lighthouse's default 4× is the factor of a host of about 1,533.
    expect(cpuSlowdownFor(1533)).toBe(4);
    expect(cpuSlowdownFor(2000)).toBe(6);
  });

  it('is slower than the default on a faster host and lighter on a slower one', () => {
    expect(cpuSlowdownFor(1150)).toBe(2.7);
    expect(cpuSlowdownFor(1766)).toBe(5);
    expect(cpuSlowdownFor(475)).toBe(1.5);
  });

  it('refuses a host slower than the phone it would stand for', () => {
    expect(() => cpuSlowdownFor(149)).toThrow(RangeError);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(RangeError);
  });
});
