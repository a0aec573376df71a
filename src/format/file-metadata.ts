/**
 * What the revision says about a file besides its bytes: content type from the extension, and the
 * dimensions of PNG, GIF, JPEG, WebP and SVG images read from their headers.
 */

const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  avif: 'image/avif',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  html: 'text/html',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/**
 * The media type for a file name, `application/octet-stream` when the extension is unknown.
 *
 * @example
 * contentTypeOf('logo.PNG') // → 'image/png'
 */
export function contentTypeOf(name: string): string {
  const extension = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase();
  return (extension && contentTypes[extension]) || 'application/octet-stream';
}

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * The pixel size of an image, from its header; undefined for other files or damaged headers.
 *
 * @example
 * imageDimensions(pngBytes, 'image/png') // → { width: 128, height: 64 }
 */
export function imageDimensions(bytes: Uint8Array, contentType: string): ImageDimensions | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (contentType) {
      case 'image/png':
        return bytes.length >= 24 ? positive(view.getUint32(16), view.getUint32(20)) : undefined;
      case 'image/gif':
        return bytes.length >= 10 ? positive(view.getUint16(6, true), view.getUint16(8, true)) : undefined;
      case 'image/jpeg':
        return jpegDimensions(view);
      case 'image/webp':
        return webpDimensions(view);
      case 'image/svg+xml':
        return svgDimensions(new TextDecoder().decode(bytes.subarray(0, 4096)));
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

function positive(width: number, height: number): ImageDimensions | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function jpegDimensions(view: DataView): ImageDimensions | undefined {
  let offset = 2;
  while (offset + 9 < view.byteLength) {
    if (view.getUint8(offset) !== 0xff) return undefined;
    const marker = view.getUint8(offset + 1);
    const length = view.getUint16(offset + 2);
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return positive(view.getUint16(offset + 7), view.getUint16(offset + 5));
    }
    offset += 2 + length;
  }
  return undefined;
}

function webpDimensions(view: DataView): ImageDimensions | undefined {
  const chunk = String.fromCharCode(view.getUint8(12), view.getUint8(13), view.getUint8(14), view.getUint8(15));
  if (chunk === 'VP8X') return positive(1 + (view.getUint32(24, true) & 0xffffff), 1 + (view.getUint32(27, true) & 0xffffff));
  if (chunk === 'VP8 ') return positive(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return positive((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  return undefined;
}

function svgDimensions(head: string): ImageDimensions | undefined {
  const tag = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!tag) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const width = Number.parseFloat(attribute('width') ?? '');
  const height = Number.parseFloat(attribute('height') ?? '');
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const viewBox = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (viewBox?.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0) return { width: Math.round(viewBox[2]!), height: Math.round(viewBox[3]!) };
  return undefined;
}
