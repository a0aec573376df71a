import type { GroupSpec, PageSpec, TreeSpec } from './tree-spec.ts';
import { titleFromFileName } from './slug.ts';

/**
 * The page tree of a directory without SUMMARY.md (FORMAT.md: "infer the tree from the folders (README.md
 * first, then by name)"). A folder with a README.md is a page whose children are the folder's other files;
 * a top-level folder without one is a group; a deeper folder without one lends its pages to its parent.
 *
 * @example
 * inferTree(['README.md', 'install.md', 'guides/README.md', 'guides/first.md'], '', 'README.md')
 * // → README.md, install.md, guides/README.md (with guides/first.md as its child)
 */
export function inferTree(markdownPaths: readonly string[], root: string, readme: string): TreeSpec[] {
  const folders = new Map<string, { files: string[]; folders: Set<string> }>();
  const folderOf = (path: string) => {
    let entry = folders.get(path);
    if (!entry) folders.set(path, (entry = { files: [], folders: new Set() }));
    return entry;
  };
  for (const path of markdownPaths) {
    if (!path.startsWith(root)) continue;
    const segments = path.slice(root.length).split('/');
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      folderOf(folder).folders.add(segment);
      folder += `${segment}/`;
    }
    folderOf(folder).files.push(segments[segments.length - 1]!);
  }

  const rootReadme = `${root}${readme}`;
  const readmeOf = (folder: string) => folders.get(folder)?.files.find((name) => name.toLowerCase() === 'readme.md');

  const children = (folder: string, topLevel: boolean): TreeSpec[] => {
    const entry = folders.get(folder);
    if (!entry) return [];
    const names = [
      ...entry.files.filter((name) => name.toLowerCase() !== 'readme.md').map((name) => ({ name, isFolder: false })),
      ...[...entry.folders].map((name) => ({ name, isFolder: true })),
    ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const specs: TreeSpec[] = [];
    for (const { name, isFolder } of names) {
      if (!isFolder) {
        if (`${folder}${name}` !== rootReadme) specs.push(page(`${folder}${name}`));
        continue;
      }
      const subfolder = `${folder}${name}/`;
      const subReadme = readmeOf(subfolder);
      if (subReadme) specs.push({ ...page(`${subfolder}${subReadme}`), children: children(subfolder, false) });
      else if (topLevel) specs.push({ kind: 'group', title: titleFromFileName(name), slug: name, children: children(subfolder, false) } satisfies GroupSpec);
      else specs.push(...children(subfolder, false));
    }
    return specs;
  };

  const tree: TreeSpec[] = [];
  if (markdownPaths.includes(rootReadme)) tree.push(page(rootReadme));
  const rest = children(root, true);
  // Pages before groups: a page after a group would belong to the group in SUMMARY.md.
  tree.push(...rest.filter((spec) => spec.kind !== 'group'), ...rest.filter((spec) => spec.kind === 'group'));
  return tree;
}

function page(path: string): PageSpec {
  return { kind: 'page', path, children: [] };
}
