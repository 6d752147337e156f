/**
 * The type of an uploaded picture, read from its first bytes (the file name and the declared type are
 * the sender's word and are never trusted): PNG by its 8-byte signature, JPEG by its start of image
 * followed by a marker, WebP by its RIFF header naming WEBP. Whether the rest decodes is sharp's to say.
 */
export type PictureType = 'image/png' | 'image/jpeg' | 'image/webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pictureTypeOf(bytes: Buffer): PictureType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}
