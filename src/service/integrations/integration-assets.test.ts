import { describe, expect, it } from 'vitest';
import { integrationAssetType } from './integration-assets.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('integrationAssetType', () => {
  it('tells PNG, JPEG, GIF, WebP and SVG from their signatures', () => {
    expect(integrationAssetType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(integrationAssetType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(integrationAssetType(text('GIF89a....'))).toBe('image/gif');
    expect(integrationAssetType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(integrationAssetType(text('<?xml version="1.0"?>\n<!-- icon -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('image/svg+xml');
  });

  it('answers application/octet-stream for anything else, truncated signatures included', () => {
    expect(integrationAssetType(bytes(0x89, 0x50, 0x4e))).toBe('application/octet-stream');
    expect(integrationAssetType(text('RIFF....WAVE'))).toBe('application/octet-stream');
    expect(integrationAssetType(text('<html><svg></svg></html>'))).toBe('application/octet-stream');
    expect(integrationAssetType(new Uint8Array())).toBe('application/octet-stream');
  });
});
