/**
 * A realistic Git Sync repository of N pages, the same for the same N and seed: nested folders, groups,
 * pages with headings, lists, code, tables, hints, tabs, links to other pages, images, includes.
 */

import { seededRandom } from '../../test/support/seeded-random.ts';

const encoder = new TextEncoder();

const words = 'service space page revision branch commit deploy token install configure request response cache index search publish export review merge conflict draft section variant header footer sidebar'.split(' ');

export function generateRepository(pageCount: number, seed = 42): Map<string, Uint8Array> {
  // Deterministic, so every run measures the same repository.
  const { next, pick } = seededRandom(seed);
  const sentence = (length: number) => {
    const text = Array.from({ length }, () => pick(words)).join(' ');
    return text.charAt(0).toUpperCase() + text.slice(1) + '.';
  };
  const files = new Map<string, Uint8Array>();
  const put = (path: string, text: string) => files.set(path, encoder.encode(text));

  const images = Array.from({ length: 50 }, (_, index) => `.gitbook/assets/diagram-${index}.png`);
  for (const image of images) files.set(image, pngOfSize(16 + (images.indexOf(image) % 7), 9));
  put('.gitbook/includes/support.md', '---\ntitle: Support\n---\n\n{% hint style="info" %}\nAsk the docs team.\n{% endhint %}\n');

  // 10 groups, each with sections of pages nested two levels deep.
  const groups = 10;
  const perGroup = Math.ceil((pageCount - 1) / groups);
  const pages: Array<{ path: string; title: string; depth: number; group: number }> = [];
  for (let group = 0; group < groups && pages.length < pageCount - 1; group++) {
    for (let index = 0; index < perGroup && pages.length < pageCount - 1; index++) {
      const section = Math.floor(index / 20);
      const isSection = index % 20 === 0;
      const title = `${sentence(3).slice(0, -1)} ${group}-${index}`;
      const path = isSection ? `group-${group}/section-${section}/README.md` : `group-${group}/section-${section}/page-${index}.md`;
      pages.push({ path, title, depth: isSection ? 0 : 1, group });
    }
  }

  const relative = (from: string, to: string) => {
    const fromParts = from.split('/').slice(0, -1);
    const toParts = to.split('/');
    let common = 0;
    while (common < fromParts.length && fromParts[common] === toParts[common]) common++;
    return [...Array(fromParts.length - common).fill('..'), ...toParts.slice(common)].join('/');
  };

  const pageText = (path: string, title: string) => {
    const target = pick(pages).path;
    const image = pick(images);
    return [
      next() < 0.3 ? `---\ndescription: ${sentence(6)}\n---\n\n` : '',
      `# ${title}\n\n`,
      `${sentence(12)} See [${pick(words)}](${relative(path, target)}) for details.\n\n`,
      `## ${sentence(3).slice(0, -1)}\n\n`,
      `* ${sentence(5)}\n* ${sentence(4)}\n  * ${sentence(3)}\n* ${sentence(6)}\n\n`,
      `{% hint style="${pick(['info', 'warning', 'success', 'danger'])}" %}\n${sentence(8)}\n{% endhint %}\n\n`,
      '```bash\n' + `quire ${pick(words)} --${pick(words)} ${pick(words)}\n` + '```\n\n',
      `| Option | Default | Meaning |\n| ------ | ------- | ------- |\n| \`${pick(words)}\` | \`true\` | ${sentence(4)} |\n| \`${pick(words)}\` | \`8\` | ${sentence(5)} |\n\n`,
      `<figure><img src="${relative(path, image)}" alt="${sentence(2)}"><figcaption><p>${sentence(4)}</p></figcaption></figure>\n\n`,
      `### ${sentence(2).slice(0, -1)}\n\n1. ${sentence(7)}\n2. ${sentence(6)}\n\n${sentence(20)}\n`,
      next() < 0.1 ? `\n{% include "${relative(path, '.gitbook/includes/support.md')}" %}\n` : '',
    ].join('');
  };

  put('README.md', '# Handbook\n\nThe generated handbook.\n');
  for (const page of pages) put(page.path, pageText(page.path, page.title));

  const summary = ['# Table of contents', '', '* [Handbook](README.md)'];
  for (let group = 0; group < groups; group++) {
    summary.push('', `## Group ${group} <a href="#group-${group}" id="group-${group}"></a>`, '');
    for (const page of pages.filter((candidate) => candidate.group === group)) {
      summary.push(`${'  '.repeat(page.depth)}* [${page.title}](${page.path})`);
    }
  }
  put('SUMMARY.md', `${summary.join('\n')}\n`);
  return files;
}

/** A PNG header with the given size: enough for the dimension reader, and small. */
export function pngOfSize(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}
