import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Size in bytes and file count of a folder, every level. */
export async function folderSize(folder: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { bytes, files };
}
