// A documentation repository with a long history, in the hosted exporter's current style, written by a script:
// hundreds of commits of edits, new pages, renames and moves whose blobs do not change, `X/README.md` ↔ `X.md`,
// pages deleted and added back, assets of 2 to 5 MB, `broken-reference` placeholders, heading anchors, and one
// force-push (the branch rewound and rewritten). It is generated, not committed: the same seed gives the same
// commits, byte for byte. `npx tsx test/support/long-history.ts <dir>` writes one to look at.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { runGit } from '../../src/git/git-cli-fixture.ts';
import { seededRandom } from './seeded-random.ts';

/** One page of the model. Its file is `path`; a page with children lives at `<folder>/README.md`. */
interface ModelPage {
  id: number;
  title: string;
  path: string;
  /** Body paragraphs; `{{page:N}}` is a link to page N, written as the exporter writes it from this page. */
  body: string[];
  icon: string;
  children: ModelPage[];
}

interface ModelGroup {
  title: string;
  folder: string;
  pages: ModelPage[];
}

/** The repository as the script sees it: every file is written from it. */
interface ModelState {
  home: ModelPage;
  groups: ModelGroup[];
  /** Pages deleted, with their group's folder, to add back later. */
  deleted: { page: ModelPage; group: string }[];
  assets: Map<string, Uint8Array>;
}

/** A copy of the model; asset bytes are never changed in place, so copies share them. */
const copyState = (from: ModelState): ModelState => ({ ...structuredClone({ home: from.home, groups: from.groups, deleted: from.deleted }), assets: new Map(from.assets) });

/** What a push of the replay does: the commits it brings, and whether it rewrote the branch. */
export interface HistoryPush {
  /** The branch's head after the push. */
  head: string;
  commits: number;
  /** The new head does not descend from the previous one. */
  forced: boolean;
}

export interface LongHistory {
  dir: string;
  /** Every push in order; the branch `main` is at the last one's head. */
  pushes: HistoryPush[];
  /** Commits made, abandoned ones of the force-push included. */
  commits: number;
  /** Paths of the large assets ever committed, with their sizes. */
  largeAssets: Map<string, number>;
}

const words = 'ledger payout refund invoice settle card bank wallet dispute webhook token sandbox receipt balance transfer currency account merchant customer report'.split(' ');
const icons = ['book', 'gear', 'bolt', 'key', 'flag', 'receipt', 'wallet', 'bell', 'lock', 'globe'];
const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * Writes the repository into `dir` (created empty) and returns its pushes.
 *
 * @example
 * const history = writeLongHistory('/tmp/docs', { commits: 240, seed: 7 });
 */
export function writeLongHistory(dir: string, options: { commits: number; seed?: number; largeAssets?: number }): LongHistory {
  const rng = seededRandom(options.seed ?? 7); // the same seed, the same repository
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  runGit(dir, ['init', '--quiet', '--initial-branch=main']);
  let nextId = 0;
  const sentence = () => {
    const count = 6 + rng.int(8);
    const text = Array.from({ length: count }, () => rng.pick(words)).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const newPage = (title: string, path: string): ModelPage => ({ id: nextId++, title, path, body: [sentence(), sentence()], icon: rng.pick(icons), children: [] });
  /** The whole model, cloned at each push so a force-push can go back to one. */
  let state: ModelState = {
    home: newPage('Ledgerline', 'README.md'),
    groups: ['Getting started', 'Guides', 'Reference'].map((title) => ({ title, folder: slugOf(title), pages: [] })),
    deleted: [],
    assets: new Map(),
  };
  const allPages = (): ModelPage[] => [state.home, ...state.groups.flatMap((group) => group.pages.flatMap(function walk(page): ModelPage[] {
    return [page, ...page.children.flatMap(walk)];
  }))];
  const pageById = (id: number) => allPages().find((page) => page.id === id);
  const usedTitles = new Set<string>(['Ledgerline']);
  const freshTitle = () => {
    for (;;) {
      const first = rng.pick(words);
      const title = `${first[0]!.toUpperCase()}${first.slice(1)} ${rng.pick(words)}`;
      if (!usedTitles.has(title) && !usedTitles.has(slugOf(title))) {
        usedTitles.add(title);
        usedTitles.add(slugOf(title));
        return title;
      }
    }
  };
  for (const group of state.groups) {
    for (let index = 0; index < 4; index++) {
      const title = freshTitle();
      group.pages.push(newPage(title, `${group.folder}/${slugOf(title)}.md`));
    }
  }
  const largeAssets = new Map<string, number>();

  const linkFrom = (from: ModelPage, target: ModelPage) => {
    const fromDir = posix.dirname(from.path);
    // A page with children is linked by its folder, with a trailing slash, as the exporter writes it.
    const targetPath = target.children.length > 0 || target.path.endsWith('/README.md') ? `${posix.dirname(target.path)}/` : target.path;
    const relative = posix.relative(fromDir === '.' ? '' : fromDir, targetPath.replace(/\/$/, '')) || '.';
    return targetPath.endsWith('/') ? `${relative}/` : relative;
  };
  const pageText = (page: ModelPage) => {
    const body = page.body
      .map((paragraph) =>
        paragraph.replace(/\{\{page:(\d+)\}\}/g, (_, id: string) => {
          const target = pageById(Number(id));
          return target === undefined ? '[an older page](broken-reference)' : `[${target.title}](${linkFrom(page, target)})`;
        }),
      )
      .join('\n\n');
    const anchor = slugOf(page.title);
    return `---\ndescription: ${page.title} for Ledgerline.\nicon: ${page.icon}\n---\n\n# ${page.title}\n\n${body}\n\n## Details <a href="#details-${anchor}" id="details-${anchor}"></a>\n\nMore on ${page.title.toLowerCase()}.\n\n## Editing <a href="editing" id="editing"></a>\n\nEdit it in the repository.\n`;
  };
  const summary = () => {
    const lines = ['# Table of contents', '', `* [${state.home.title}](README.md)`];
    const entries = (pages: ModelPage[], depth: number) => {
      for (const page of pages) {
        lines.push(`${'  '.repeat(depth)}* [${page.title}](${page.path})`);
        entries(page.children, depth + 1);
      }
    };
    for (const group of state.groups) {
      if (group.pages.length === 0) continue;
      lines.push('', `## ${group.title}`, '');
      entries(group.pages, 0);
    }
    return `${lines.join('\n')}\n`;
  };
  /** What the work tree holds, to write only what changed (a 5 MB asset is written once). */
  let written = new Map<string, string | Uint8Array>();
  const writeTree = () => {
    const files = new Map<string, string | Uint8Array>([['SUMMARY.md', summary()]]);
    for (const page of allPages()) files.set(page.path, pageText(page));
    for (const [path, bytes] of state.assets) files.set(path, bytes);
    for (const path of written.keys()) if (!files.has(path)) rmSync(join(dir, path), { force: true });
    for (const [path, content] of files) {
      if (written.get(path) === content) continue;
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    written = files;
  };
  let commits = 0;
  const commit = (message: string) => {
    writeTree();
    runGit(dir, ['add', '--all']);
    runGit(dir, ['commit', '--quiet', '--allow-empty', '--message', message]);
    commits++;
    return runGit(dir, ['rev-parse', 'HEAD']).trim();
  };
  const largeAsset = (index: number) => {
    // A GIF header and 2 to 5 MB of noise: a screen recording as far as sync and the service are concerned.
    const size = (2 + (index % 4)) * 1024 * 1024 + rng.int(1024);
    const bytes = new Uint8Array(size);
    for (let offset = 0; offset < size; offset += 4) {
      const value = (rng.next() * 4294967296) >>> 0;
      bytes[offset] = value & 0xff;
      bytes[offset + 1] = (value >>> 8) & 0xff;
      bytes[offset + 2] = (value >>> 16) & 0xff;
      bytes[offset + 3] = (value >>> 24) & 0xff;
    }
    bytes.set([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x40, 0x00, 0x28, 0x00]);
    return bytes;
  };
  const leafPages = () => state.groups.flatMap((group) => group.pages.filter((page) => page.children.length === 0).map((page) => ({ group, page })));

  /** The kinds of commit, each a function that changes the model and names the commit (undefined: not possible now). */
  const steps: { weight: number; run: () => string | undefined }[] = [
    {
      weight: 30,
      run: () => {
        const page = rng.pick(allPages());
        page.body.push(rng.int(3) === 0 ? `See {{page:${rng.pick(allPages()).id}}}.` : sentence());
        return `Edit ${page.path}`;
      },
    },
    {
      weight: 10,
      run: () => {
        const group = rng.pick(state.groups);
        const title = freshTitle();
        const page = newPage(title, `${group.folder}/${slugOf(title)}.md`);
        page.body.push(`Start from {{page:${rng.pick(allPages()).id}}}.`);
        group.pages.splice(rng.int(group.pages.length + 1), 0, page);
        return `Add ${page.path}`;
      },
    },
    {
      // A rename in its folder: the page's own bytes do not change (its links are relative to the same folder).
      weight: 10,
      run: () => {
        const candidates = leafPages();
        if (candidates.length === 0) return undefined;
        const { page } = rng.pick(candidates);
        const title = freshTitle();
        const from = page.path;
        page.path = `${posix.dirname(page.path)}/${slugOf(title)}.md`;
        return `Rename ${from} to ${page.path}`;
      },
    },
    {
      // A move to another group's folder, and with it the page's relative links.
      weight: 6,
      run: () => {
        const candidates = leafPages();
        if (candidates.length === 0) return undefined;
        const { group, page } = rng.pick(candidates);
        const target = rng.pick(state.groups.filter((other) => other !== group));
        group.pages.splice(group.pages.indexOf(page), 1);
        target.pages.push(page);
        const from = page.path;
        page.path = `${target.folder}/${posix.basename(page.path)}`;
        if (allPages().some((other) => other !== page && other.path === page.path)) page.path = `${target.folder}/${slugOf(freshTitle())}.md`;
        return `Move ${from} to ${page.path}`;
      },
    },
    {
      // X.md gets children: it becomes X/README.md.
      weight: 5,
      run: () => {
        const candidates = leafPages();
        if (candidates.length === 0) return undefined;
        const { page } = rng.pick(candidates);
        const folder = page.path.replace(/\.md$/, '');
        page.path = `${folder}/README.md`;
        for (let index = 0; index < 1 + rng.int(2); index++) {
          const title = freshTitle();
          page.children.push(newPage(title, `${folder}/${slugOf(title)}.md`));
        }
        return `Split ${folder}.md into ${folder}/`;
      },
    },
    {
      // X/README.md and its children are replaced by X.md in one commit.
      weight: 4,
      run: () => {
        const parents = state.groups.flatMap((group) => group.pages.filter((page) => page.children.length > 0));
        if (parents.length === 0) return undefined;
        const page = rng.pick(parents);
        page.children = [];
        page.path = `${posix.dirname(page.path)}.md`;
        return `Fold ${page.path.replace(/\.md$/, '')}/ into ${page.path}`;
      },
    },
    {
      weight: 5,
      run: () => {
        const candidates = leafPages();
        if (candidates.length < 4) return undefined;
        const { group, page } = rng.pick(candidates);
        group.pages.splice(group.pages.indexOf(page), 1);
        state.deleted.push({ page, group: group.folder });
        return `Delete ${page.path}`;
      },
    },
    {
      // A deleted page comes back at its old path, with its old bytes.
      weight: 4,
      run: () => {
        const entry = state.deleted[0];
        if (entry === undefined || allPages().some((page) => page.path === entry.page.path || page.path === `${entry.page.path.replace(/\.md$/, '')}/README.md`)) return undefined;
        state.deleted.shift();
        state.groups.find((group) => group.folder === entry.group)!.pages.push(entry.page);
        return `Restore ${entry.page.path}`;
      },
    },
    {
      weight: 3,
      run: () => {
        if (largeAssets.size >= (options.largeAssets ?? 6)) return undefined;
        const path = `.gitbook/assets/recording-${largeAssets.size + 1}.gif`;
        const bytes = largeAsset(largeAssets.size);
        state.assets.set(path, bytes);
        largeAssets.set(path, bytes.length);
        const page = rng.pick(allPages());
        page.body.push(`![A recording](${posix.relative(posix.dirname(page.path), path)})`);
        return `Add ${path} (${(bytes.length / 1048576).toFixed(1)} MB) to ${page.path}`;
      },
    },
  ];
  const totalWeight = steps.reduce((sum, step) => sum + step.weight, 0);
  const step = () => {
    for (;;) {
      let roll = rng.int(totalWeight);
      const chosen = steps.find((candidate) => (roll -= candidate.weight) < 0)!;
      const message = chosen.run();
      if (message !== undefined) return commit(message);
    }
  };

  const pushes: HistoryPush[] = [{ head: commit('Documentation as the hosted Git Sync wrote it'), commits: 1, forced: false }];
  const snapshots = [copyState(state)];
  const forceAt = Math.floor(options.commits * 0.6);
  let forced = false;
  while (commits < options.commits) {
    const size = 1 + rng.int(6);
    let head = '';
    for (let index = 0; index < size && commits < options.commits; index++) head = step();
    if (!forced && commits >= forceAt) {
      // Rewind three pushes (as `git reset --hard` + `git push --force` does) and write a different history.
      forced = true;
      const rewound = pushes.length - 3;
      runGit(dir, ['reset', '--quiet', '--hard', pushes[rewound]!.head]);
      state = copyState(snapshots[rewound]!);
      writeTree();
      for (let index = 0; index < 3; index++) head = step();
      pushes.push({ head, commits: 3, forced: true });
      snapshots.push(copyState(state));
      continue;
    }
    pushes.push({ head, commits: size, forced: false });
    snapshots.push(copyState(state));
  }
  return { dir, pushes, commits, largeAssets };
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\/test\//, '/test/'))) {
  const dir = process.argv[2];
  if (dir === undefined) {
    console.error('usage: npx tsx test/support/long-history.ts <dir> [commits]');
    process.exit(2);
  }
  const history = writeLongHistory(dir, { commits: Number(process.argv[3] ?? 240) });
  console.log(`${history.commits} commits in ${history.pushes.length} pushes written to ${dir}`);
}
