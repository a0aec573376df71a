// The mixed-content site as one Hugo project: each space's plain Markdown (`MixedSpace.hugoFiles`) made into a
// project by `hugoProject`, under a folder of its own (content/<space>/, static/<space>/), one config and layouts;
// with `search`, the project writes the site's search data too (see `hugoProject`).
import type { MixedSpace } from './generate-mixed-site.ts';
import { hugoProject } from './hugo-project.ts';

const encoder = new TextEncoder();

export function hugoMixedProject(spaces: readonly MixedSpace[], siteTitle: string, options: { search?: boolean } = {}): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const space of spaces) {
    for (const [path, bytes] of hugoProject(space.hugoFiles, options)) {
      const [top, ...rest] = path.split('/');
      if (top === 'content' || top === 'static') out.set(`${top}/${space.folder}/${rest.join('/')}`, bytes);
      else out.set(path, bytes); // config and layouts: the same for every space
    }
  }
  out.set('content/_index.md', encoder.encode(`---\ntitle: ${JSON.stringify(siteTitle)}\n---\n\n${spaces.map((space) => `* [${space.title}](${space.folder}/)`).join('\n')}\n`));
  return out;
}
