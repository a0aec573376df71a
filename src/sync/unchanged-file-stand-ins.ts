import type { RevisionFile } from '@gitbook/api';
import { fileStandIn } from '../format/file-stand-in.ts';
import type { GitTreeEntry } from '../git/index.ts';

/** Files smaller than this are read: they cost little, and a stand-in saves nothing worth a rule. */
export const STAND_IN_MIN_BYTES = 32 * 1024;

/**
 * Stand-ins (format/file-stand-in.ts) for the files a structural sync need not read from Git, by path: those in
 * the assets folder (`<root>.gitbook/assets/`: a file of both directories whatever pages refer to it) at the same
 * path with the same blob in both commits, that the space's live revision holds at that path with that blob (so
 * their size and pixel size are the space's), regular files of at least `STAND_IN_MIN_BYTES`, and not among
 * `touched` (changed by the space since the sync point, or missing from its revision). Such a file is no change on
 * either side, so the plan sends nothing of it; on issue 17's long-history bench they were 18 of the 20 MB a
 * structural commit read.
 *
 * @example
 * const held = unchangedFileStandIns(baseEntries, headEntries, live.files, { assetsFolder: '.gitbook/assets/', touched: new Set(spacePaths) });
 * const base = await readTree(repo, syncPoint.commit, { held }); // those blobs are not read
 */
export function unchangedFileStandIns(
  baseEntries: readonly GitTreeEntry[],
  headEntries: readonly GitTreeEntry[],
  liveFiles: readonly RevisionFile[],
  options: { assetsFolder: string; touched: ReadonlySet<string> },
): Map<string, Uint8Array> {
  const headOids = new Map(headEntries.map((entry) => [entry.path, entry.oid]));
  const live = new Map(liveFiles.flatMap((file) => (file.git === undefined ? [] : [[file.git.path, file] as const])));
  const standIns = new Map<string, Uint8Array>();
  for (const entry of baseEntries) {
    if (entry.mode !== '100644' && entry.mode !== '100755') continue;
    if (!entry.path.startsWith(options.assetsFolder) || /\.md$/i.test(entry.path) || options.touched.has(entry.path) || headOids.get(entry.path) !== entry.oid) continue;
    const file = live.get(entry.path);
    if (file === undefined || file.git?.oid !== entry.oid || file.size < STAND_IN_MIN_BYTES) continue;
    standIns.set(entry.path, fileStandIn({ oid: entry.oid, size: file.size, dimensions: file.dimensions }));
  }
  return standIns;
}
