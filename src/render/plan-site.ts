import type { RevisionFile, RevisionPage, RevisionPageComputed, RevisionPageDocument } from '@gitbook/api';
import { planLayout } from '../format/directory-layout.ts';
import { slugify, uniqueSlug } from '../format/slug.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import { contentId } from '../model/content-id.ts';
import { pageExclusions, type JsonObject } from './adaptive/index.ts';
import { chromeLink, resolveContentRef, type ContentRefScope } from './content-ref.ts';
import { assetPaths } from './inert-asset.ts';
import { resolveCustomization, type Customization } from './customization.ts';
import { emojiCharacter } from './emoji.ts';
import { pageGlyph } from './icon-glyph.ts';
import { singleOperationMethod } from './openapi/page-operation.ts';
import type { LinkTarget, NavItem, PagePlan, SitePlan, SpaceChrome, SpacePlan, TabItem } from './route-data.ts';
import { folderOf, pageHref, safeSegments } from './route-path.ts';
import { isExternalUrl, isSafeImageUrl } from './safe-url.ts';
import { languageSwitcher } from './language-switcher.ts';
import type { ExportSite, SiteExternalLinkInput, SiteSectionGroupInput, SiteSectionInput, SiteSpaceInput, ThemedUrl } from './site-profile.ts';

export interface PlanSiteOptions {
  /**
   * Where a file of a site space is copied, relative to the bundle's root. The exporter names files by content
   * hash, so a file used by several site spaces is copied once. Default: `assets/files/<space key>-<file id>-<name>`.
   */
  assetPath?: (file: RevisionFile, siteSpaceId: string, spaceKey: string) => string;
  /**
   * The visitor's claims to export the site for (`visitor.claims` in conditions), a JSON object used as-is;
   * default `{}`. Pages whose `if:` condition does not hold are left out, with everything under them.
   */
  claims?: JsonObject;
}

/** Top-level folders the export writes itself; a page may not take them. */
const reservedRootFolders = new Set(['assets']);

type DocumentLike = RevisionPageDocument | RevisionPageComputed;

interface LiveSection {
  section?: SiteSectionInput;
  folder: string[];
  spaces: Array<{ siteSpace: SiteSpaceInput; bundle: RevisionBundle; folder: string[] }>;
}

/**
 * Computes the route data of a whole site (STYLE.md, "render from route data"): where every page goes, the
 * sidebar of each site space, the section tabs, the variant switcher of every page, breadcrumbs, previous and
 * next, and the link tables that resolve relative links in page bodies. Pure and cheap: no page body is parsed.
 *
 * Paths follow the hosted service: `<section path>/<site space path>/<page path>/`, the default section and its
 * default site space at the root, each site space's first page (or its custom home page) at its root.
 *
 * @example
 * const plan = planSite({ profile, content: { [siteSpace.id]: bundle } });
 * plan.pages[0].folder // → '' (the home page of the default site space)
 */
export function planSite(site: ExportSite, options: PlanSiteOptions = {}): SitePlan {
  return new SitePlanner(site, options).plan();
}

class SitePlanner {
  private readonly warnings: string[] = [];
  private readonly usedFiles = new Set<string>();
  /** Folders already given to a page: a second page asking for one gets a suffix. */
  private readonly taken = new Set<string>();
  /** Per space index: ids of the pages left out by their condition (src/render/adaptive/page-conditions.ts). */
  private readonly excluded = new Map<number, Set<string>>();

  constructor(
    private readonly site: ExportSite,
    private readonly options: PlanSiteOptions,
  ) {}

  plan(): SitePlan {
    const { profile } = this.site;
    const sections = this.liveSections();
    const spaces: SpacePlan[] = [];
    const trees: Array<{ space: SpacePlan; bundle: RevisionBundle; siteSpace: SiteSpaceInput; home: string | undefined; folders: Map<string, string> }> = [];

    // Every site space's home first, so that no page takes the root of another site space.
    for (const live of sections) {
      for (const entry of live.spaces) this.taken.add(folderOf([...live.folder, ...entry.folder]));
    }
    for (const live of sections) {
      for (const entry of live.spaces) {
        const index = spaces.length;
        const key = `s${index}`;
        const folder = folderOf([...live.folder, ...entry.folder]);
        const customization = resolveCustomization(profile.customizations.site, profile.customizations.siteSpaces[entry.siteSpace.id]);
        const { space, home, folders } = this.planSpace(index, key, folder, live, entry.siteSpace, entry.bundle, customization);
        spaces.push(space);
        trees.push({ space, bundle: entry.bundle, siteSpace: entry.siteSpace, home, folders });
      }
    }

    const bySpaceId = new Map<string, SpacePlan>();
    for (const space of spaces) if (!bySpaceId.has(space.spaceId)) bySpaceId.set(space.spaceId, space);
    const pages: PagePlan[] = [];
    for (const { space, bundle, home, folders } of trees) {
      const scope: ContentRefScope = { space, spaces: bySpaceId };
      space.nav = this.planPages(space, bundle.revision.pages, home, folders, scope, pages);
      space.chrome = this.planChrome(space.customization, scope);
    }
    pages.forEach((page, index) => (page.index = index));
    this.planVariants(spaces, pages, trees);

    return {
      title: profile.customizations.site.title?.trim() || profile.site.title,
      ...(profile.site.urls?.published ? { publishedUrl: profile.site.urls.published } : {}),
      tabs: this.planTabs(sections, spaces),
      spaces,
      pages,
      usedFiles: [...this.usedFiles],
      warnings: this.warnings,
      claims: this.claims,
    };
  }

  private get claims(): JsonObject {
    return this.options.claims ?? {};
  }

  /** Sections that are live and have content, in order, with their live site spaces. */
  private liveSections(): LiveSection[] {
    const { structure } = this.site.profile;
    const content = this.site.content;
    const withContent = (siteSpaces: SiteSpaceInput[]) => {
      const live = siteSpaces.filter((siteSpace) => !siteSpace.draft);
      const kept = live.filter((siteSpace) => {
        if (Object.hasOwn(content, siteSpace.id)) return true;
        this.warnings.push(`site space ${siteSpace.id} (${siteSpace.title}) has no content: it is not exported`);
        return false;
      });
      const first = kept.find((siteSpace) => siteSpace.default) ?? kept[0];
      const ordered = first ? [first, ...kept.filter((siteSpace) => siteSpace !== first)] : [];
      const folders = new Set<string>();
      return ordered.map((siteSpace) => {
        let folder = siteSpace === first ? [] : this.pathSegments(siteSpace.path, siteSpace.title);
        if (folder.length > 0) {
          const last = uniqueSlug(folder.join('/'), (candidate) => folders.has(candidate) || reservedRootFolders.has(candidate));
          folders.add(last);
          folder = last.split('/');
        }
        return { siteSpace, bundle: content[siteSpace.id]!, folder };
      });
    };

    if (structure.type === 'siteSpaces') return [{ folder: [], spaces: withContent(structure.structure) }];
    const sections: SiteSectionInput[] = [];
    const walk = (items: Array<SiteSectionInput | SiteSectionGroupInput | SiteExternalLinkInput>) => {
      for (const item of items) {
        if (item.draft) continue;
        if (item.object === 'site-section') sections.push(item);
        else if (item.object === 'site-section-group') walk(item.children);
      }
    };
    walk(structure.structure);
    const live = sections.map((section) => ({ section, spaces: withContent(section.siteSpaces) })).filter((entry) => entry.spaces.length > 0);
    const first = live.find((entry) => entry.section.default) ?? live[0];
    const ordered = first ? [first, ...live.filter((entry) => entry !== first)] : [];
    const folders = new Set<string>();
    return ordered.map(({ section, spaces }) => {
      let folder = section === first?.section ? [] : this.pathSegments(section.path, section.title);
      if (folder.length > 0) {
        const unique = uniqueSlug(folder.join('/'), (candidate) => folders.has(candidate) || reservedRootFolders.has(candidate));
        folders.add(unique);
        folder = unique.split('/');
      }
      return { section, folder, spaces };
    });
  }

  private pathSegments(path: string, title: string): string[] {
    const segments = safeSegments(path);
    if (segments.length > 0) return segments;
    const fallback = slugify(title);
    this.warnings.push(`path "${path}" of ${title} cannot be a folder: it is exported at ${fallback}/`);
    return [fallback];
  }

  /** Folders and link tables of one site space (its sidebar comes later, once every space has its tables). */
  private planSpace(
    index: number,
    key: string,
    folder: string,
    live: LiveSection,
    siteSpace: SiteSpaceInput,
    bundle: RevisionBundle,
    customization: Customization,
  ): { space: SpacePlan; home: string | undefined; folders: Map<string, string> } {
    const { revision } = bundle;
    const layout = planLayout(bundle);
    const documents: Record<string, string> = {};
    const links: Record<string, LinkTarget> = {};
    const pages: Record<string, LinkTarget> = {};
    const files: Record<string, LinkTarget> = {};
    const includes: Record<string, string> = {};
    const variables = (revision.variables ?? {}) as JsonObject;
    const exclusions = pageExclusions(revision.pages, { claims: this.claims, spaceVariables: variables, spaceTitle: siteSpace.title });
    this.warnings.push(...exclusions.warnings);
    this.excluded.set(index, exclusions.excluded);
    const excluded: Record<string, string> = {};

    const all: DocumentLike[] = [];
    const paths = new Map<string, string>();
    const collect = (list: readonly RevisionPage[], parentPath: string) => {
      for (const page of list) {
        if (exclusions.excluded.has(page.id)) {
          this.excludeTree(page, layout.pages, excluded);
          continue;
        }
        // Computed pages have no path of their own: their title's slug under their parent.
        const path = ('path' in page && page.path) || `${parentPath ? `${parentPath}/` : ''}${slugify(page.title)}`;
        if (page.type === 'document' || page.type === 'computed') {
          all.push(page);
          paths.set(page.id, path);
        }
        if (page.type === 'document' || page.type === 'group') collect(page.pages, path);
      }
    };
    collect(revision.pages, '');
    const home = (siteSpace.pageId ? all.find((page) => page.id === siteSpace.pageId && page.type === 'document') : undefined) ?? all.find((page) => page.type === 'document') ?? all[0];

    const folders = new Map<string, string>();
    for (const page of all) {
      const pageFolder = page === home ? folder : this.claimFolder(folder, paths.get(page.id)!, page.title);
      folders.set(page.id, pageFolder);
      pages[page.id] = { kind: 'page', href: pageHref(pageFolder), title: page.title };
      const source = layout.pages.get(page.id);
      if (source !== undefined) links[source] = pages[page.id]!;
      if (page.type === 'document' && 'documentId' in page && page.documentId !== undefined) {
        documents[page.documentId] = bundle.documents[page.documentId] ?? '';
      }
    }
    const assetPath = this.options.assetPath ?? defaultAssetPath;
    for (const file of revision.files) {
      if (!Object.hasOwn(bundle.files, file.id)) {
        this.warnings.push(`file ${file.name} (${file.id}) of ${siteSpace.title} has no content: links to it are broken`);
        continue;
      }
      const paths = assetPaths(assetPath(file, siteSpace.id, key), file);
      const target: LinkTarget = { kind: 'file', href: encodeAssetPath(paths.link), title: file.name, size: file.size, contentType: file.contentType };
      if (paths.image !== undefined) target.imageHref = encodeAssetPath(paths.image);
      files[file.id] = target;
      const path = layout.files.get(file.id);
      if (path !== undefined) links[path] = target;
    }
    for (const reusable of revision.reusableContents) {
      const path = layout.reusableContents.get(reusable.id);
      if (path !== undefined && 'document' in reusable && reusable.document !== undefined) includes[path] = bundle.documents[reusable.document] ?? '';
    }

    const space: SpacePlan = {
      index,
      key,
      siteSpaceId: siteSpace.id,
      spaceId: siteSpace.space.id,
      ...(live.section ? { sectionId: live.section.id, sectionTitle: live.section.title } : {}),
      title: siteSpace.title,
      hidden: siteSpace.hidden === true,
      folder,
      homeHref: pageHref(folder),
      root: bundle.source.root,
      documents,
      links,
      pages,
      files,
      includes,
      excluded,
      variables,
      nav: [],
      customization,
      chrome: { title: '', headerLinks: [], footerGroups: [], favicon: {} },
    };
    return { space, home: home?.id, folders };
  }

  /** Records the layout paths of a page left out and of everything under it. */
  private excludeTree(page: RevisionPage, layoutPaths: ReadonlyMap<string, string>, excluded: Record<string, string>): void {
    const path = layoutPaths.get(page.id);
    if (path !== undefined) excluded[path] = page.title;
    if (page.type === 'document' || page.type === 'group') for (const child of page.pages) this.excludeTree(child, layoutPaths, excluded);
  }

  /** The folder of a page: its site space's folder and its path, made safe and unique. */
  private claimFolder(spaceFolder: string, path: string, title: string): string {
    const segments = safeSegments(path);
    if (segments.length === 0) segments.push('page');
    if (spaceFolder === '' && reservedRootFolders.has(segments[0]!)) segments[0] = `${segments[0]}-page`;
    let folder = spaceFolder + folderOf(segments);
    if (this.taken.has(folder)) {
      const parent = spaceFolder + folderOf(segments.slice(0, -1));
      const last = uniqueSlug(segments.at(-1)!, (candidate) => this.taken.has(`${parent}${candidate}/`));
      const moved = `${parent}${last}/`;
      this.warnings.push(`page "${title}" wants ${folder}, which another page has: it is exported at ${moved}`);
      folder = moved;
    }
    this.taken.add(folder);
    return folder;
  }

  /** The page plans of a space in sidebar order, and its sidebar. */
  private planPages(
    space: SpacePlan,
    tree: readonly RevisionPage[],
    home: string | undefined,
    folders: Map<string, string>,
    scope: ContentRefScope,
    out: PagePlan[],
  ): NavItem[] {
    const layout = invert(space.links);
    const sequence: PagePlan[] = [];
    const pagination = space.customization.pagination;
    type Crumb = { title: string; href?: string };

    const excluded = this.excluded.get(space.index);
    const walk = (list: readonly RevisionPage[], crumbs: Crumb[], hiddenAbove: boolean): NavItem[] => {
      const items: NavItem[] = [];
      for (const page of list) {
        if (excluded?.has(page.id)) continue;
        const hidden = hiddenAbove || ('hidden' in page && page.hidden === true);
        const label = page.linkTitle ?? page.title;
        if (page.type === 'group') {
          const children = walk(page.pages, [...crumbs, { title: page.title }], hidden);
          if (!hidden) items.push({ t: label, g: 1, ...(children.length ? { c: children } : {}) });
          continue;
        }
        if (page.type === 'link') {
          const resolved = resolveContentRef(page.target, scope);
          if (resolved?.file) this.usedFiles.add(resolved.href);
          const { e, i } = icons(page);
          if (!hidden) items.push({ t: label, ...(resolved ? { h: resolved.href } : {}), ...(resolved?.external ? { x: 1 as const } : {}), ...(e ? { e } : {}), ...(i ? { i } : {}) });
          continue;
        }
        const folder = folders.get(page.id)!;
        const plan = this.pagePlan(space, page, folder, layout, crumbs, hidden, pagination, page.id === home);
        out.push(plan);
        if (!hidden) sequence.push(plan);
        const children = page.type === 'document' ? walk(page.pages, [...crumbs, { title: page.title, href: plan.href }], hidden) : [];
        const { e, i } = icons(page);
        const m = plan.documentId === undefined ? undefined : singleOperationMethod(space.documents[plan.documentId] ?? '');
        if (!hidden) items.push({ t: label, h: plan.href, p: plan.navKey, ...(e ? { e } : {}), ...(i ? { i } : {}), ...(children.length ? { c: children } : {}), ...(m ? { m } : {}) });
      }
      return items;
    };
    const nav = walk(tree, [], false);

    sequence.forEach((plan, position) => {
      const previous = sequence[position - 1];
      const next = sequence[position + 1];
      if (previous) plan.previous = { title: previous.title, href: previous.href };
      if (next) plan.next = { title: next.title, href: next.href };
    });
    return nav;
  }

  private pagePlan(
    space: SpacePlan,
    page: DocumentLike,
    folder: string,
    layout: Map<LinkTarget, string>,
    crumbs: Array<{ title: string; href?: string }>,
    hidden: boolean,
    pagination: boolean,
    isHome: boolean,
  ): PagePlan {
    const target = space.pages[page.id]!;
    const document = page.type === 'document' ? page : undefined;
    const options = document?.layout;
    const plan: PagePlan = {
      index: 0,
      space: space.index,
      pageId: page.id,
      navKey: contentId(`page:${target.href}`),
      kind: page.type,
      folder,
      href: target.href,
      title: page.title,
      options: {
        title: options?.title ?? true,
        description: options?.description ?? true,
        cover: options?.cover ?? true,
        outline: options?.outline ?? true,
        pagination: pagination && (options?.pagination ?? true),
        sidebar: options?.tableOfContents ?? true,
        wide: options?.width === 'wide',
      },
      hidden,
      noIndex: document?.noIndex === true,
      noRobotsIndex: document?.noRobotsIndex === true,
      breadcrumbs: isHome ? [] : crumbs,
      variants: [],
    };
    const source = layout.get(target);
    if (source !== undefined) plan.source = source;
    if (document && 'documentId' in document && document.documentId !== undefined) plan.documentId = document.documentId;
    if (document?.variables && Object.keys(document.variables).length > 0) plan.variables = document.variables as JsonObject;
    if (document?.description) plan.description = document.description;
    const { emoji, icon } = icons(page);
    if (emoji) plan.emoji = emoji;
    if (icon) plan.icon = icon;
    const cover = document?.cover;
    if (cover?.ref) {
      const scope: ContentRefScope = { space, spaces: new Map() };
      const light = resolveContentRef(cover.ref, scope);
      const dark = cover.refDark ? resolveContentRef(cover.refDark, scope) : undefined;
      if (light && (!light.external || isSafeImageUrl(light.href))) {
        const lightHref = light.imageHref ?? light.href;
        const darkHref = dark?.imageHref ?? dark?.href;
        if (light.file) this.usedFiles.add(lightHref);
        if (dark?.file) this.usedFiles.add(darkHref!);
        plan.cover = { light: lightHref, ...(dark && (!dark.external || isSafeImageUrl(dark.href)) ? { dark: darkHref! } : {}), height: cover.height ?? 240 };
      }
    }
    if (page.type === 'computed') {
      const spec = (page.computed.dependencies as { spec?: { ref?: { spec?: unknown } } } | undefined)?.spec?.ref?.spec;
      const models = (page.computed as { props?: { models?: unknown } }).props?.models;
      plan.computed = { type: page.computed.type, ...(typeof spec === 'string' ? { spec } : {}), ...(typeof models === 'boolean' ? { models } : {}) };
    }
    return plan;
  }

  /** Each page's variant switcher: the same page path in the other variants of its section, else their home. */
  private planVariants(spaces: SpacePlan[], pages: PagePlan[], trees: Array<{ space: SpacePlan; bundle: RevisionBundle; home: string | undefined }>): void {
    const pathKeys = new Map<SpacePlan, Map<string, string>>();
    const keyOfPage = new Map<string, string>();
    for (const { space, bundle, home } of trees) {
      const byPath = new Map<string, string>();
      const excluded = this.excluded.get(space.index);
      const visit = (list: readonly RevisionPage[]) => {
        for (const page of list) {
          if (excluded?.has(page.id)) continue;
          if (page.type === 'document' || page.type === 'computed') {
            const key = page.id === home ? '' : pathOf(page);
            if (!byPath.has(key)) byPath.set(key, space.pages[page.id]!.href);
            keyOfPage.set(`${space.index}:${page.id}`, key);
          }
          if (page.type === 'document' || page.type === 'group') visit(page.pages);
        }
      };
      visit(bundle.revision.pages);
      pathKeys.set(space, byPath);
    }
    for (const page of pages) {
      const own = spaces[page.space]!;
      const siblings = spaces.filter((space) => space.sectionId === own.sectionId && (!space.hidden || space === own));
      if (siblings.length < 2) continue;
      const key = keyOfPage.get(`${own.index}:${page.pageId}`) ?? '';
      page.variants = siblings.map((space) => ({
        title: space.title,
        href: space === own ? page.href : (pathKeys.get(space)?.get(key) ?? space.homeHref),
        current: space === own,
      }));
      const languages = languageSwitcher(siblings.map((space, position) => ({ language: space.customization.locale, href: page.variants[position]!.href, current: space === own })));
      if (languages !== undefined) page.languages = languages;
    }
  }

  private planTabs(sections: LiveSection[], spaces: SpacePlan[]): TabItem[] {
    const { structure } = this.site.profile;
    if (structure.type !== 'sections') return [];
    const homes = new Map<string, string>();
    for (const space of spaces) if (space.sectionId !== undefined && !homes.has(space.sectionId)) homes.set(space.sectionId, space.homeHref);
    const live = new Set(sections.map((entry) => entry.section?.id));
    const convert = (items: Array<SiteSectionInput | SiteSectionGroupInput | SiteExternalLinkInput>): TabItem[] =>
      items.flatMap((item): TabItem[] => {
        if (item.draft) return [];
        const icon = item.icon ? { icon: item.icon } : {};
        if (item.object === 'site-section') {
          const href = homes.get(item.id);
          if (!live.has(item.id) || href === undefined) return [];
          return [{ kind: 'section', sectionId: item.id, title: item.title, href, ...icon, ...(item.description ? { description: item.description } : {}) }];
        }
        if (item.object === 'site-section-group') {
          const children = convert(item.children);
          return children.length ? [{ kind: 'group', id: item.id, title: item.title, children, ...icon }] : [];
        }
        return isExternalUrl(item.url) ? [{ kind: 'link', title: item.title, href: item.url, ...icon }] : [];
      });
    return convert(structure.structure);
  }

  private planChrome(customization: Customization, scope: ContentRefScope): SpaceChrome {
    const used = this.usedFiles;
    const logo = safeThemedUrl(customization.logo);
    const footerLogo = safeThemedUrl(customization.footer.logo);
    const favicon = safeThemedUrl(customization.favicon.icon);
    const emoji = emojiCharacter(customization.favicon.emoji);
    const announcement = customization.announcement;
    return {
      title: customization.title ?? this.site.profile.site.title,
      ...(logo ? { logo } : {}),
      headerLinks: customization.headerLinks.map((item) => ({
        ...chromeLink(item.title, item.to, scope, used),
        style: item.style === 'button-primary' || item.style === 'button-secondary' ? item.style : 'link',
        children: (item.links ?? []).map((link) => chromeLink(link.title, link.to, scope, used)),
      })),
      ...(footerLogo ? { footerLogo } : {}),
      footerGroups: customization.footer.groups.map((group) => ({
        title: group.title,
        links: group.links.map((link) => chromeLink(link.title, link.to, scope, used)),
      })),
      ...(customization.footer.copyright ? { copyright: customization.footer.copyright } : {}),
      ...(announcement
        ? { announcement: { message: announcement.message, style: announcement.style, ...(announcement.link ? { link: chromeLink(announcement.link.title, announcement.link.to, scope, used) } : {}) } }
        : {}),
      favicon: { ...(favicon ? { light: favicon.light, dark: favicon.dark } : {}), ...(emoji ? { emoji } : {}) },
      ...(customization.privacyPolicyUrl && isExternalUrl(customization.privacyPolicyUrl) ? { privacyPolicy: customization.privacyPolicyUrl } : {}),
    };
  }
}

/** The page's URL path in its space; the revision's `path`, or its slug. */
function pathOf(page: DocumentLike): string {
  return ('path' in page && typeof page.path === 'string' ? page.path : '') || slugify(page.title);
}

/** A page's emoji or icon name, and the same as navigation keys (`e`: the character; `i`: an icon of the file's dictionary). */
function icons(page: RevisionPage): { e?: string; i?: string; emoji?: string; icon?: string } {
  const { emoji, icon } = pageGlyph({ ...(page.emoji ? { emoji: page.emoji } : {}), ...(page.icon ? { icon: page.icon } : {}) });
  return emoji ? { e: emoji, emoji } : icon ? { i: icon, icon } : {};
}

function invert(links: Record<string, LinkTarget>): Map<LinkTarget, string> {
  const map = new Map<LinkTarget, string>();
  for (const [path, target] of Object.entries(links)) if (target.kind === 'page' && !map.has(target)) map.set(target, path);
  return map;
}

function safeThemedUrl(url: ThemedUrl | undefined): ThemedUrl | undefined {
  if (!url || !isSafeImageUrl(url.light)) return undefined;
  return { light: url.light, dark: isSafeImageUrl(url.dark) ? url.dark : url.light };
}

function defaultAssetPath(file: RevisionFile, _siteSpaceId: string, spaceKey: string): string {
  return `assets/files/${spaceKey}-${safeSegments(file.id).join('-') || 'file'}-${safeFileName(file.name)}`;
}

/** A file name made safe for a bundle: one segment, no unsafe characters. */
export function safeFileName(name: string): string {
  return safeSegments(name.replace(/\//g, '-')).join('-').slice(-120) || 'file';
}

function encodeAssetPath(path: string): string {
  return safeSegments(path).map((segment) => encodeURIComponent(segment)).join('/');
}
