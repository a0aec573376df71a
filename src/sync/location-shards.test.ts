import { describe, expect, it } from 'vitest';
import type { GitPathLocation } from './git-path-locations.ts';
import { entriesPerShard, parseHead, parseShard, serializeHead, serializeShard, shardCountFor, shardOf, splitIntoShards, type LocationCacheHead } from './location-shards.ts';

const page = (id: string): GitPathLocation => ({ kind: 'page', id, title: `Page ${id}` });

describe('location shards', () => {
  it('sizes shards to about entriesPerShard paths, a power of two', () => {
    expect(shardCountFor(0)).toBe(1);
    expect(shardCountFor(entriesPerShard)).toBe(1);
    expect(shardCountFor(entriesPerShard + 1)).toBe(2);
    expect(shardCountFor(10_000)).toBe(32);
    expect(shardCountFor(100_000)).toBe(256);
  });

  it('puts every path in the shard shardOf names, and spreads them', () => {
    const locations = new Map(Array.from({ length: 20_000 }, (_, index) => [`group-${index % 10}/page-${index}.md`, page(`p${index}`)] as const));
    const shards = splitIntoShards(locations);
    expect(shards).toHaveLength(64);
    for (const [index, shard] of shards.entries()) for (const path of Object.keys(shard)) expect(shardOf(path, shards.length)).toBe(index);
    expect(shards.reduce((sum, shard) => sum + Object.keys(shard).length, 0)).toBe(20_000);
    expect(Math.max(...shards.map((shard) => Object.keys(shard).length))).toBeLessThan(3 * entriesPerShard);
  });

  it('reads back what it wrote, and only that', () => {
    const head: LocationCacheHead = { format: 2, revisionId: 'rev1', generation: 'g1', shards: 4 };
    expect(parseHead(serializeHead(head))).toEqual(head);
    const path = 'guide/install.md';
    const index = shardOf(path, 4);
    const text = serializeShard('g1', index, { [path]: page('p1') });
    expect(parseShard(text, head, index)?.get(path)).toEqual(page('p1'));
    // Another generation, another index, a damaged entry, truncated text: all read as absent.
    expect(parseShard(text, { ...head, generation: 'g2' }, index)).toBeUndefined();
    expect(parseShard(text, head, (index + 1) % 4)).toBeUndefined();
    expect(parseShard(serializeShard('g1', index, { [path]: { kind: 'page', id: 'p1' } as unknown as GitPathLocation }), head, index)).toBeUndefined();
    expect(parseShard(text.slice(0, -3), head, index)).toBeUndefined();
  });

  it('refuses heads of another format or with a bad shard count or generation', () => {
    expect(parseHead('{"format":1,"revisionId":"r","generation":"g","shards":4}')).toBeUndefined();
    expect(parseHead('{"format":2,"revisionId":"r","generation":"g","shards":3}')).toBeUndefined();
    expect(parseHead('{"format":2,"revisionId":"r","generation":"../x","shards":4}')).toBeUndefined();
    expect(parseHead('{"format":2,"revisionId":"","generation":"g","shards":4}')).toBeUndefined();
    expect(parseHead('{"revisionId":"r","content":{"pages":[]}}')).toBeUndefined(); // the first layout's whole file
    expect(parseHead('{"format":2,"revisionId":"r","gen')).toBeUndefined();
  });
});
