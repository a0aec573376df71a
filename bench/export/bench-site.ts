// The site every export benchmark builds: the generated repository of bench/format as one site space.
import { readDirectory } from '../../src/format/index.ts';
import type { ExportSite } from '../../src/render/index.ts';

/** A one-section, one-variant site over a repository read with the format. */
export function benchSite(files: ReadonlyMap<string, Uint8Array>): ExportSite {
  const { bundle } = readDirectory(files);
  return {
    profile: {
      site: { id: 'bench', title: 'Bench handbook' },
      structure: { type: 'siteSpaces', structure: [{ id: 'main', path: 'main', title: 'Main', default: true, space: { id: 'space-main' } }] },
      customizations: { site: { themes: { default: 'light', toggeable: true } }, siteSpaces: {} },
    },
    content: { main: bundle },
  };
}
