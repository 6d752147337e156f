import type { FeedbackImageType } from '@kl/contracts/feedback';

/**
 * The type of an uploaded image, read from its bytes (the file name and the declared type are the
 * sender's word and are never trusted). A PNG must start with its 8-byte signature and an IHDR chunk; a
 * JPEG with SOI and a frame header (SOFn) among its segments before the scan. Their sizes come from those
 * headers. Anything else is not an image we accept.
 */
export interface DetectedImage {
  contentType: FeedbackImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Images beyond this many pixels a side are not photos of a screen. */
const MAX_SIDE = 30_000;

function detectPng(bytes: Buffer): DetectedImage | undefined {
  // Signature, IHDR length (13) and type, width, height.
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return sized('image/png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

/** Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM, RST0–7, SOI. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
const START_OF_SCAN = 0xda;

function detectJpeg(bytes: Buffer): DetectedImage | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return undefined;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    let marker = bytes[offset + 1] ?? 0;
    // Fill bytes (FF FF …) before a marker.
    while (marker === 0xff && offset + 2 < bytes.length) {
      offset += 1;
      marker = bytes[offset + 1] ?? 0;
    }
    if (isStandalone(marker)) {
      offset += 2;
      continue;
    }
    if (marker === START_OF_SCAN || marker === 0xd9) return undefined;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return undefined;
      return sized('image/jpeg', bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5));
    }
    offset += 2 + length;
  }
  return undefined;
}

function sized(contentType: FeedbackImageType, width: number, height: number): DetectedImage | undefined {
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return undefined;
  return { contentType, width, height };
}

export function detectImage(bytes: Buffer): DetectedImage | undefined {
  return detectPng(bytes) ?? detectJpeg(bytes);
}
