/**
 * bench/export's mixed-content site: N pages over three spaces (guides, an API reference, administration), each a
 * Git Sync folder with its SUMMARY.md (groups, sections of nested pages), images, reusable contents and, in the
 * API space, an OpenAPI specification file. Pages are prose (headings, paragraphs, lists) around blocks of every
 * family of FORMAT.md in the proportions of `blockShares`. The same for the same N and seed.
 *
 * Every page is written twice: in the format (`files`, what `quire sync` and `quire build` read) and as plain
 * Markdown/HTML with the same text (`hugoFiles`, same paths, same SUMMARY.md, for `hugoProject`).
 */
import { seededRandom, type SeededRandom } from '../../test/support/seeded-random.ts';
import { pngOfSize } from '../format/generate-repository.ts';
import { generatedSpec } from '../openapi/generated-spec.ts';
import { blockFamilies, blockShares, paragraph, sentence, title, type BlockContext, type BlockFamily, type MixedBlock } from './mixed-blocks.ts';

const encoder = new TextEncoder();

export interface MixedSpace {
  /** The space's folder in the site directory, and its title. */
  folder: string;
  title: string;
  /** Its files in the Git Sync layout, by path inside the folder. */
  files: Map<string, Uint8Array>;
  /** The same pages as plain Markdown/HTML (same paths), for Hugo. */
  hugoFiles: Map<string, Uint8Array>;
  pages: number;
}

/** The spaces and the share of the pages each holds. */
const spaceShapes = [
  { folder: 'guides', title: 'Guides', share: 0.5, openapi: false },
  { folder: 'api', title: 'API reference', share: 0.3, openapi: true },
  { folder: 'admin', title: 'Administration', share: 0.2, openapi: false },
] as const;

const specPath = '.gitbook/assets/api-spec.json';
const specOperations = 50;

export function generateMixedSite(pageCount: number, seed = 17): MixedSpace[] {
  const random = seededRandom(seed);
  let left = pageCount;
  return spaceShapes.map((shape, index) => {
    const pages = index === spaceShapes.length - 1 ? left : Math.round(pageCount * shape.share);
    left -= pages;
    return { folder: shape.folder, title: shape.title, pages, ...generateSpace(random, shape.title, pages, shape.openapi) };
  });
}

interface PageEntry {
  path: string;
  title: string;
  depth: number;
  group: number;
}

/** A relative link from the file `from` to the file `to`, both paths of the space. */
function relative(from: string, to: string): string {
  const fromParts = from.split('/').slice(0, -1);
  const toParts = to.split('/');
  let common = 0;
  while (common < fromParts.length && fromParts[common] === toParts[common]) common++;
  return [...Array<string>(fromParts.length - common).fill('..'), ...toParts.slice(common)].join('/');
}

function generateSpace(random: SeededRandom, spaceTitle: string, pageCount: number, withOpenAPI: boolean): { files: Map<string, Uint8Array>; hugoFiles: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  const hugoFiles = new Map<string, Uint8Array>();
  const both = (path: string, quire: string, hugo = quire) => {
    files.set(path, encoder.encode(quire));
    hugoFiles.set(path, encoder.encode(hugo));
  };

  const images = Array.from({ length: 20 }, (_, index) => `.gitbook/assets/screen-${index}.png`);
  for (const [index, image] of images.entries()) {
    const png = pngOfSize(320 + index * 8, 200);
    files.set(image, png);
    hugoFiles.set(image, png);
  }
  const includes = Array.from({ length: 4 }, (_, index) => ({ path: `.gitbook/includes/note-${index}.md`, text: `{% hint style="info" %}\n${sentence(random, 10)}\n{% endhint %}`, hugo: '' }));
  for (const include of includes) {
    include.hugo = `> **info**: ${include.text.split('\n')[1]}`;
    files.set(include.path, encoder.encode(`---\ntitle: ${title(random)}\n---\n\n${include.text}\n`));
  }
  const operations = Object.entries(generatedSpec(specOperations).paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
  if (withOpenAPI) both(specPath, `${JSON.stringify(generatedSpec(specOperations), null, 2)}\n`);

  // Groups of sections: a section's README.md with its pages nested under it, 12 pages a section.
  const groups = Math.max(1, Math.min(8, Math.ceil(pageCount / 150)));
  const pages: PageEntry[] = [];
  for (let index = 0; index < pageCount - 1; index++) {
    const group = index % groups;
    const inGroup = Math.floor(index / groups);
    const section = Math.floor(inGroup / 12);
    const isSection = inGroup % 12 === 0;
    const path = isSection ? `group-${group}/section-${section}/README.md` : `group-${group}/section-${section}/page-${inGroup}.md`;
    pages.push({ path, title: `${title(random)} ${group}-${inGroup}`, depth: isSection ? 0 : 1, group });
  }
  pages.sort((a, b) => a.group - b.group);

  both('README.md', `# ${spaceTitle}\n\n${paragraph(random)}\n`);
  for (const page of pages) {
    const context: BlockContext = {
      random,
      otherPage: () => {
        const target = random.pick(pages);
        return { href: relative(page.path, target.path), title: target.title };
      },
      image: () => relative(page.path, random.pick(images)),
      include: () => {
        const include = random.pick(includes);
        return { href: relative(page.path, include.path), text: include.hugo };
      },
      ...(withOpenAPI
        ? {
            openapi: () => {
              const operation = random.pick(operations);
              return { href: relative(page.path, specPath), path: operation.path, method: operation.method };
            },
          }
        : {}),
    };
    const { quire, hugo } = pageText(context, page.title);
    both(page.path, quire, hugo);
  }

  const summary = ['# Table of contents', '', `* [${spaceTitle}](README.md)`];
  for (let group = 0; group < groups; group++) {
    summary.push('', `## Group ${group}`, '');
    for (const page of pages.filter((candidate) => candidate.group === group)) summary.push(`${'  '.repeat(page.depth)}* [${page.title}](${page.path})`);
  }
  both('SUMMARY.md', `${summary.join('\n')}\n`);
  return { files, hugoFiles };
}

/** One page: a title, an optional description, then sections of prose with the page's blocks spread between them. */
function pageText(context: BlockContext, pageTitle: string): MixedBlock {
  const { random } = context;
  const blocks: MixedBlock[] = [];
  for (const [family, share] of Object.entries(blockShares) as Array<[BlockFamily, number]>) {
    if (family === 'openapi' && context.openapi === undefined) continue;
    if (random.next() >= share) continue;
    blocks.push(blockFamilies[family](context));
    if (random.next() < 0.25) blocks.push(blockFamilies[family](context));
  }
  // Shuffled, so the blocks of a family are not always at the same place.
  for (let index = blocks.length - 1; index > 0; index--) {
    const other = random.int(index + 1);
    [blocks[index], blocks[other]] = [blocks[other]!, blocks[index]!];
  }
  const description = random.next() < 0.4 ? `---\ndescription: ${sentence(random, 8).replace(/[*_`]/g, '')}\n---\n\n` : '';
  const quire: string[] = [`${description}# ${pageTitle}`, paragraph(random)];
  const hugo: string[] = [...quire];
  const sections = Math.max(2, Math.ceil(blocks.length / 2));
  for (let section = 0; section < sections; section++) {
    const prose = [`## ${title(random)}`, paragraph(random), ...(random.next() < 0.5 ? [`* ${sentence(random)}\n* ${sentence(random)}\n  * ${sentence(random, 4)}\n* ${sentence(random)}`] : [])];
    quire.push(...prose);
    hugo.push(...prose);
    for (const block of blocks.slice(section * 2, section * 2 + 2)) {
      quire.push(block.quire);
      hugo.push(block.hugo);
    }
  }
  return { quire: `${quire.join('\n\n')}\n`, hugo: `${hugo.join('\n\n')}\n` };
}
