/*
 * The media type of an integration's published asset (its icon, its preview images): published as base64 with
 * no type, so it is told from the bytes' signature.
 */

const signatures: ReadonlyArray<{ type: string; matches: (bytes: Uint8Array) => boolean }> = [
  { type: 'image/png', matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', matches: (bytes) => ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a' },
  { type: 'image/webp', matches: (bytes) => ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP' },
  { type: 'image/svg+xml', matches: (bytes) => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(ascii(bytes, 0, 1024)) },
];

/**
 * The media type of an asset's bytes: PNG, JPEG, GIF, WebP or SVG, else `application/octet-stream`.
 *
 * @example
 * integrationAssetType(pngBytes) // → 'image/png'
 */
export function integrationAssetType(bytes: Uint8Array): string {
  return signatures.find((signature) => signature.matches(bytes))?.type ?? 'application/octet-stream';
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}
