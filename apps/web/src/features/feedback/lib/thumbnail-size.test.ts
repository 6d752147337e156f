import { describe, expect, it } from 'vitest';
import { thumbnailSize } from './thumbnail-size.ts';

describe('thumbnailSize', () => {
  it('fits a picture into the box keeping its proportions, never enlarging it', () => {
    expect(thumbnailSize(640, 320, 96)).toEqual({ width: 96, height: 48 });
    expect(thumbnailSize(300, 1200, 96)).toEqual({ width: 24, height: 96 });
    expect(thumbnailSize(40, 30, 96)).toEqual({ width: 40, height: 30 });
    expect(thumbnailSize(5000, 1, 96)).toEqual({ width: 96, height: 1 });
  });

  it('draws a square for a picture of unknown size', () => {
    expect(thumbnailSize(0, 0, 96)).toEqual({ width: 96, height: 96 });
  });
});
