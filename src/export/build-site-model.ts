import type { RevisionPage } from '@gitbook/api';
import { slugify } from '../format/slug.ts';
import { flattenPages } from '../model/page-tree.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import type { CustomizationInput, ExportSite, SiteSpaceInput } from '../render/index.ts';

/** One space of a built site: the folder it was read from (`''` for the directory itself) and its content. */
export interface BuiltSpace {
  folder: string;
  bundle: RevisionBundle;
}

export interface BuildSiteModelInput {
  /** `space`: the site is its one space; `sections`: each space is a section (a tab), the first one the home. */
  kind: 'space' | 'sections';
  spaces: readonly BuiltSpace[];
  /** The site's title; the customization's `title`, when set, is what pages show (as on the hosted service). */
  title: string;
  /** The site's customization (`SiteCustomizationSettings`), checked and with its defaults filled in by the caller. */
  customization: CustomizationInput;
  /** The address the bundle will be served at, for the absolute locations of `sitemap.xml`. */
  publishedUrl?: string;
}

/** The site space ids of a built site: derived from the folders, so two builds of a directory agree. */
export function builtSiteSpaceId(folder: string): string {
  return `site-space-${folder === '' ? 'root' : slugify(folder)}`;
}

/**
 * The in-memory site that `exportSite` renders, made from spaces read from disk instead of a published profile
 * read through the API: what `quire build` publishes. One space gives a site of that space; several give one
 * section per space, in the given order (the first is the default, at the root of the bundle), each titled like
 * its space and with the slug of its folder as its path. A space's title is the title of its README page (its
 * first heading), else of its first page, else its folder's name. Pure.
 *
 * @example
 * const site = buildSiteModel({ kind: 'sections', spaces: [{ folder: 'api', bundle }], title: 'Docs', customization: {} });
 * await exportSite(site, { outDir: 'site' });
 */
export function buildSiteModel(input: BuildSiteModelInput): ExportSite {
  const content: Record<string, RevisionBundle> = {};
  const siteSpaces: SiteSpaceInput[] = input.spaces.map((space, index) => {
    const id = builtSiteSpaceId(space.folder);
    content[id] = space.bundle;
    const title = builtSpaceTitle(space);
    const path = space.folder === '' ? slugify(title) : slugify(space.folder);
    return { object: 'site-space', id, path, title, default: index === 0, space: { id: `space-${id.slice('site-space-'.length)}`, title } };
  });
  const structure: ExportSite['profile']['structure'] =
    input.kind === 'space'
      ? { type: 'siteSpaces', structure: siteSpaces }
      : {
          type: 'sections',
          structure: siteSpaces.map((siteSpace, index) => ({
            object: 'site-section',
            id: `section-${siteSpace.id.slice('site-space-'.length)}`,
            title: siteSpace.title,
            path: siteSpace.path,
            default: index === 0,
            siteSpaces: [siteSpace],
          })),
        };
  const siteSpaceCustomizations = Object.fromEntries(siteSpaces.map((siteSpace) => [siteSpace.id, input.customization]));
  return {
    profile: {
      site: { id: 'site', title: input.title, ...(input.publishedUrl === undefined ? {} : { urls: { published: input.publishedUrl } }) },
      structure,
      customizations: { site: input.customization, siteSpaces: siteSpaceCustomizations },
    },
    content,
  };
}

/**
 * The title of a space read from a folder: its README page's title, else its first page's, else the folder's name.
 *
 * @example
 * builtSpaceTitle({ folder: 'payments', bundle }) // → 'Payments' (from `# Payments` in payments/README.md)
 */
export function builtSpaceTitle(space: BuiltSpace): string {
  const { source, revision } = space.bundle;
  const readme = `${source.root === '' ? '' : source.root.replace(/\/?$/, '/')}${source.structure.readme}`;
  const documents = flattenPages(revision.pages).filter((page: RevisionPage) => page.type === 'document');
  const page = documents.find((candidate) => candidate.git?.path === readme || candidate.git?.path === source.structure.readme) ?? documents[0];
  const title = page?.title.trim();
  if (title) return title;
  return space.folder === '' ? 'Documentation' : space.folder;
}
