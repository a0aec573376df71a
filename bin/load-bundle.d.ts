// Types of load-bundle.js (plain JavaScript, as bin/quire.js runs it before anything is compiled).

/** The V8 option the bundle sets as it starts, set before compiling it so that its code cache fits. */
export declare const bundleV8Flags: string;

/** What dist/build.json says of the bundles it describes. */
export interface BuildInfo {
  newestSource: number;
  bundleHash: string;
  exportBundleHash?: string;
  syncBundleHash?: string;
}

/** The bundle of `dist` that runs `argv` (dist/quire-export.cjs for `build` and `export` through an API, dist/quire-sync.cjs for `sync` through an API, else dist/quire.cjs), and its hash. */
export declare function bundleFor(dist: string, build: BuildInfo, argv: readonly string[], env: Readonly<Record<string, string | undefined>>): { file: string; hash: string };

/** Compiles and runs the CommonJS bundle `file` (built with hash `bundleHash`) for `argv`, with its command's code cache. */
export declare function loadBundle(file: string, bundleHash: string | undefined, argv: readonly string[]): void;

/** V8 options for every command but `quire serve` (less inlining: short runs spend less CPU compiling). */
export declare const shortRunV8Flags: string;

/** Where the build keeps its code cache of the bundle `file`'s top level. */
export declare function buildCachePath(file: string): string;

/** Compiles the bundle `file` without running it and writes its top level's code cache beside it. */
export declare function writeBuildCache(file: string): void;

/** `Module.wrap` of the bundle `file`'s text (read as Latin-1), made as one flat string. */
export declare function wrappedSource(file: string): string;
