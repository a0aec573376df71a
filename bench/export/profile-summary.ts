// Where the time of a `node --cpu-prof` profile of the bundled CLI goes: self time by function and by source file
// (the bundle's positions mapped back through its source map, with Node's own SourceMap), then by layer (the
// folder under src/, or the dependency under node_modules/). For run-mixed.ts --profile.
// Usage: npx tsx bench/export/profile-summary.ts <file.cpuprofile | folder of them> [top=25]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [target, topArg] = process.argv.slice(2) as [string, string | undefined];
const top = Number(topArg ?? 25);
const files = statSync(target).isDirectory() ? readdirSync(target).filter((name) => name.endsWith('.cpuprofile')).map((name) => join(target, name)) : [target];

const maps = new Map<string, SourceMap | undefined>();
function sourceMapOf(url: string): SourceMap | undefined {
  if (!maps.has(url)) {
    let map: SourceMap | undefined;
    try {
      const path = fileURLToPath(url);
      map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    } catch {
      map = undefined;
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

/** The source file of a frame: mapped through the bundle's source map when there is one. */
function sourceOf(frame: ProfileNode['callFrame']): string {
  if (frame.url === '') return `(${frame.functionName || 'native'})`;
  const map = frame.url.startsWith('file:') ? sourceMapOf(frame.url) : undefined;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string } | undefined;
  const source = entry?.originalSource ?? frame.url;
  return source.replace(/^.*?\/(src|node_modules)\//, '$1/');
}

function layerOf(source: string): string {
  const dependency = /^node_modules\/((@[^/]+\/)?[^/]+)/.exec(source);
  if (dependency) return dependency[1]!;
  const own = /^src\/([^/]+)(\/[^/]+\/)?/.exec(source);
  if (own) return own[2] && !own[2].includes('.') ? `src/${own[1]}${own[2].slice(0, -1)}` : `src/${own[1]}`;
  return source.startsWith('node:') ? 'node internals' : source;
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of (node as ProfileNode & { children?: number[] }).children ?? []) parentOf.set(child, node.id);
  const self = new Map<number, number>();
  for (let index = 0; index < profile.samples.length; index++) self.set(profile.samples[index]!, (self.get(profile.samples[index]!) ?? 0) + (profile.timeDeltas[index] ?? 0));
  const byFunction = new Map<string, number>();
  const byLayer = new Map<string, number>();
  // Total time of Quire's own functions (src/): each sample counts once for every function on its stack.
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of self) {
    const frame = byId.get(id)!.callFrame;
    const source = sourceOf(frame);
    const name = `${frame.functionName || '(anonymous)'}  ${source}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byLayer.set(layerOf(source), (byLayer.get(layerOf(source)) ?? 0) + micros);
    total += micros;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const caller = byId.get(at)!.callFrame;
      const callerSource = sourceOf(caller);
      if (!callerSource.startsWith('src/')) continue;
      const callerName = `${caller.functionName || '(anonymous)'}  ${callerSource}`;
      if (seen.has(callerName)) continue;
      seen.add(callerName);
      inclusive.set(callerName, (inclusive.get(callerName) ?? 0) + micros);
    }
  }
  const print = (title: string, entries: Map<string, number>, count: number) => {
    console.log(`  ${title}`);
    for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`    ${(micros / 1000).toFixed(0).padStart(7)} ms ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${name}`);
  };
  console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
  print('self time by layer', byLayer, 20);
  print('self time by function', byFunction, top);
  print("total time (self and callees) of Quire's functions", inclusive, top);
}
