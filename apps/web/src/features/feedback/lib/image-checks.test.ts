import { FEEDBACK_IMAGE_MAX_BYTES } from '@kl/contracts/feedback';
import { describe, expect, it } from 'vitest';
import { isAllowedImageFile, sortPickedImages } from './image-checks.ts';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('picked pictures (product.md §5 uploads)', () => {
  it('takes PNG and JPG by their type, or by their name when the picker gives no type', () => {
    expect(isAllowedImageFile(file('a.png', 'image/png'))).toBe(true);
    expect(isAllowedImageFile(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isAllowedImageFile(file('a.gif', 'image/gif'))).toBe(false);
    expect(isAllowedImageFile(file('a.png', 'image/webp'))).toBe(false);
    expect(isAllowedImageFile(file('a.JPEG', ''))).toBe(true);
    expect(isAllowedImageFile(file('a.txt', ''))).toBe(false);
  });

  it('refuses over 5 MB, allows exactly 5 MB, and stops at three pictures', () => {
    const limit = file('limit.png', 'image/png', FEEDBACK_IMAGE_MAX_BYTES);
    const over = file('over.png', 'image/png', FEEDBACK_IMAGE_MAX_BYTES + 1);
    const gif = file('anim.gif', 'image/gif');
    const extra = file('extra.jpg', 'image/jpeg');
    const { accepted, refused } = sortPickedImages(
      [limit, over, gif, extra, file('last.png', 'image/png')],
      1,
    );
    expect(accepted).toEqual([limit, extra]);
    expect(refused.map(({ file: refusedFile, reason }) => [refusedFile.name, reason])).toEqual([
      ['over.png', 'IMAGE_TOO_LARGE'],
      ['anim.gif', 'IMAGE_TYPE_NOT_ALLOWED'],
      ['last.png', 'TOO_MANY_IMAGES'],
    ]);
  });
});
