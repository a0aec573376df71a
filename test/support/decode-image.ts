// Test support: reads an image file far enough to know a browser can draw it. A PNG is checked whole (every chunk's
// CRC, the IDAT stream inflated to exactly the rows its header announces); a GIF must hold an image and its trailer,
// a JPEG a frame header and its end marker, an SVG a size. A truncated or empty file fails with what is wrong.
import { inflateSync } from 'node:zlib';

/** What a decodable image is: its format and size in pixels (both at least 1). */
export interface DecodedImage {
  format: 'png' | 'gif' | 'jpeg' | 'svg';
  width: number;
  height: number;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format and size of an image, or an Error naming what makes it undrawable.
 *
 * @example
 * decodeImage(readFileSync('cover.png')) // → { format: 'png', width: 1200, height: 300 }
 */
export function decodeImage(bytes: Uint8Array): DecodedImage {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const image = data.subarray(0, 8).equals(pngSignature)
    ? decodePng(data)
    : data.subarray(0, 6).toString('latin1').match(/^GIF8[79]a$/)
      ? decodeGif(data)
      : data[0] === 0xff && data[1] === 0xd8
        ? decodeJpeg(data)
        : /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(data.toString('utf8', 0, 4096))
          ? decodeSvg(data.toString('utf8'))
          : fail(`not a PNG, GIF, JPEG or SVG (starts with ${data.subarray(0, 8).toString('hex')})`);
  if (!(image.width >= 1 && image.height >= 1)) fail(`${image.format} of ${image.width}×${image.height} pixels`);
  return image;
}

function fail(reason: string): never {
  throw new Error(reason);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Samples per pixel of each PNG colour type. */
const pngChannels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function decodePng(data: Buffer): DecodedImage {
  const chunks: Array<{ type: string; body: Buffer }> = [];
  for (let at = 8; at < data.length; ) {
    if (at + 12 > data.length) fail(`PNG truncated in a chunk header at byte ${at}`);
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > data.length) fail(`PNG truncated: chunk ${type} needs ${length} bytes at byte ${at}`);
    if (crc32(data.subarray(at + 4, at + 8 + length)) !== data.readUInt32BE(at + 8 + length)) fail(`PNG chunk ${type} at byte ${at} fails its CRC`);
    chunks.push({ type, body: data.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  const header = chunks[0];
  if (header?.type !== 'IHDR' || header.body.length !== 13) fail('PNG without an IHDR chunk first');
  if (chunks.at(-1)?.type !== 'IEND') fail('PNG truncated: no IEND chunk at the end');
  const width = header.body.readUInt32BE(0);
  const height = header.body.readUInt32BE(4);
  const [depth, colorType, , , interlace] = header.body.subarray(8) as unknown as number[];
  const channels = pngChannels[colorType!] ?? fail(`PNG colour type ${colorType}`);
  if (colorType === 3 && !chunks.some((chunk) => chunk.type === 'PLTE')) fail('PNG with a palette colour type but no PLTE chunk');
  const idat = chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.body);
  if (idat.length === 0) fail('PNG without image data (no IDAT chunk)');
  let rows: Buffer;
  try {
    rows = inflateSync(Buffer.concat(idat));
  } catch (error) {
    return fail(`PNG image data does not inflate: ${(error as Error).message}`);
  }
  // Each row is a filter byte and its samples; an interlaced image is seven smaller passes of such rows.
  const rowBytes = (pixels: number) => 1 + Math.ceil((pixels * channels * depth!) / 8);
  const passes = interlace === 1 ? adam7Passes(width, height) : [{ width, height }];
  const expected = passes.reduce((sum, pass) => sum + (pass.width === 0 ? 0 : pass.height * rowBytes(pass.width)), 0);
  if (rows.length !== expected) fail(`PNG image data inflates to ${rows.length} bytes, not the ${expected} of ${width}×${height} pixels`);
  return { format: 'png', width, height };
}

function adam7Passes(width: number, height: number): Array<{ width: number; height: number }> {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  return passes.map(([x, y, dx, dy]) => ({ width: Math.ceil((width - x) / dx), height: Math.ceil((height - y) / dy) })).map((pass) => ({ width: Math.max(0, pass.width), height: Math.max(0, pass.height) }));
}

function decodeGif(data: Buffer): DecodedImage {
  if (data.length < 13) fail('GIF truncated in its header');
  const width = data.readUInt16LE(6);
  const height = data.readUInt16LE(8);
  const colorTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + colorTableSize(data[10]!);
  let images = 0;
  const skipSubBlocks = () => {
    while (at < data.length && data[at] !== 0) at += 1 + data[at]!;
    if (at >= data.length) fail('GIF truncated inside a block');
    at += 1;
  };
  for (;;) {
    const introducer = data[at];
    if (introducer === undefined) fail('GIF truncated: no trailer');
    if (introducer === 0x3b) break;
    if (introducer === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (introducer === 0x2c) {
      if (at + 10 > data.length) fail('GIF truncated in an image descriptor');
      at += 10 + colorTableSize(data[at + 9]!) + 1; // the descriptor, its colour table, the LZW code size
      if (data[at] === 0) fail('GIF image without data');
      skipSubBlocks();
      images += 1;
    } else {
      fail(`GIF block 0x${introducer.toString(16)} at byte ${at} is not an image, an extension or the trailer`);
    }
  }
  if (images === 0) fail('GIF without an image');
  return { format: 'gif', width, height };
}

function decodeJpeg(data: Buffer): DecodedImage {
  let size: { width: number; height: number } | undefined;
  for (let at = 2; at + 4 <= data.length; ) {
    if (data[at] !== 0xff) fail(`JPEG marker expected at byte ${at}`);
    const marker = data[at + 1]!;
    if (marker === 0xda) break; // start of scan: the compressed data follows, up to the end marker
    const length = data.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && at + 9 <= data.length) size = { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  if (!size) fail('JPEG without a frame header');
  if (data.readUInt16BE(data.length - 2) !== 0xffd9) fail('JPEG truncated: no end marker');
  return { format: 'jpeg', ...size };
}

function decodeSvg(text: string): DecodedImage {
  const root = /<svg\b[^>]*>/.exec(text)?.[0] ?? fail('SVG without a root element');
  if (!/<\/svg>\s*$/.test(text) && !/\/>\s*$/.test(root)) fail('SVG truncated: no closing </svg>');
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(root)?.[1];
  const box = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  const length = (value: string | undefined, fallback: number | undefined) => (value === undefined || value.endsWith('%') ? fallback : parseFloat(value));
  const width = length(attribute('width'), box?.[2]);
  const height = length(attribute('height'), box?.[3]);
  if (width === undefined || height === undefined) fail('SVG with neither a width and height nor a viewBox');
  return { format: 'svg', width, height };
}
