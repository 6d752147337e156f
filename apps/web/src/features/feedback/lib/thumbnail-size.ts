/**
 * The drawn size of a picture fitted into a square of `box` pixels, keeping its proportions and never
 * enlarging it: the width and height attributes of its thumbnail, so that the list does not move while
 * pictures load.
 */
export function thumbnailSize(width: number, height: number, box: number): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: box, height: box };
  const scale = Math.min(1, box / width, box / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
