import { isAbsolute, relative, resolve, sep } from 'node:path';
import { QuireError } from '../errors/quire-error.ts';

/**
 * The absolute path of a file of the bundle, refusing any path that would leave the output folder (the last guard:
 * paths from content are already made safe by the route data). Root-relative paths use `/`.
 *
 * @example
 * outputPath('/tmp/out', 'guides/index.html') // → '/tmp/out/guides/index.html'
 * outputPath('/tmp/out', '../etc/passwd') // throws QuireError EXPORT_PATH_ESCAPES_OUT_DIR
 */
export function outputPath(outDir: string, path: string): string {
  const root = resolve(outDir);
  const absolute = resolve(root, path);
  const inside = relative(root, absolute);
  if (path.includes('\0') || inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
    throw new QuireError('EXPORT_PATH_ESCAPES_OUT_DIR', `refusing to write ${JSON.stringify(path)}: it is outside ${outDir}`, { path, outDir });
  }
  return absolute;
}
