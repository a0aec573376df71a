// The icon library of the export: Font Awesome Free's SVG files, read from its npm package (bundled with Quire, so
// nothing is fetched). The package holds thousands of files (~42 MB): each drawing is read when a page first
// names it and kept, and the alias table (metadata/icons.yml, ~1 MB) is only read when a name misses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { QuireError } from '../errors/quire-error.ts';
import type { IconFamily, IconLibrary, IconSvg } from '../render/index.ts';

const safeName = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The folder of the installed `@fortawesome/fontawesome-free` package. */
export function fontAwesomeFolder(): string {
  try {
    return dirname(createRequire(import.meta.url).resolve('@fortawesome/fontawesome-free/package.json'));
  } catch (cause) {
    throw new QuireError('INTERNAL', 'the export draws icons from @fortawesome/fontawesome-free, which is not installed (run npm ci)', {}, { cause });
  }
}

/**
 * Font Awesome Free as an icon library, reading `svgs/<family>/<name>.svg` under `folder` on demand. Every answer is
 * memoised (misses too), so each drawing is read once per library: build one per thread and keep it.
 *
 * @example
 * const icons = fontAwesomeLibrary();
 * icons.svg('solid', 'rocket') // → { viewBox: '0 0 512 512', path: 'M128 320…' }
 * icons.svg('solid', 'home') // → the drawing of `house`, which `home` is an alias of
 */
export function fontAwesomeLibrary(folder: string = fontAwesomeFolder()): IconLibrary {
  const drawings = new Map<string, IconSvg | undefined>();
  let aliases: Map<string, string> | undefined;

  const read = (family: IconFamily, name: string): IconSvg | undefined => {
    const key = `${family}/${name}`;
    if (drawings.has(key)) return drawings.get(key);
    let drawing: IconSvg | undefined;
    try {
      drawing = parseIconFile(readFileSync(join(folder, 'svgs', family, `${name}.svg`), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    drawings.set(key, drawing);
    return drawing;
  };

  return {
    svg(family, name) {
      if (!safeName.test(name)) return undefined;
      const direct = read(family, name);
      if (direct) return direct;
      aliases ??= readAliases(join(folder, 'metadata', 'icons.yml'));
      const canonical = aliases.get(name);
      return canonical === undefined ? undefined : read(family, canonical);
    },
  };
}

/** The view box and path of one of Font Awesome's SVG files (one `<path>` each). */
export function parseIconFile(svg: string): IconSvg | undefined {
  const viewBox = /<svg\b[^>]*\bviewBox="([0-9. -]+)"/.exec(svg)?.[1];
  const path = /<path\b[^>]*\bd="([^"]+)"/.exec(svg)?.[1];
  return viewBox && path ? { viewBox, path } : undefined;
}

/**
 * Old name → current name, from the `aliases: names:` lists of metadata/icons.yml. Read line by line rather than
 * with a YAML parser: the file is a megabyte of a fixed shape, and only those lists matter.
 */
function readAliases(file: string): Map<string, string> {
  const aliases = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return aliases;
    throw error;
  }
  let icon: string | undefined;
  let section: 'aliases' | 'names' | undefined;
  for (const line of text.split('\n')) {
    const top = /^'?([a-z0-9-]+)'?:\s*$/.exec(line);
    if (top) {
      icon = top[1];
      section = undefined;
    } else if (line === '  aliases:') section = 'aliases';
    else if (section === 'aliases' && line === '    names:') section = 'names';
    else if (section === 'names' && line.startsWith('      - ')) {
      const alias = line.slice(8).trim().replace(/^'(.*)'$/, '$1');
      if (icon !== undefined && !aliases.has(alias)) aliases.set(alias, icon);
    } else if (!line.startsWith('      ')) section = line.startsWith('    ') && section !== undefined ? 'aliases' : undefined;
  }
  return aliases;
}

let threadLibrary: IconLibrary | undefined;

/**
 * This thread's Font Awesome library, built on first use and kept: the main thread and each render worker (which
 * loads its own copy of this module) read every drawing they need once.
 */
export function threadIconLibrary(): IconLibrary {
  threadLibrary ??= fontAwesomeLibrary();
  return threadLibrary;
}
