import type { SiteProfile } from '../render/index.ts';

/** What a one-space site needs to know of its space. */
export interface SpaceForSite {
  id: string;
  title: string;
  emoji?: string | undefined;
  /** Its current revision, whose content the site shows (read once, with the space). */
  revision?: string | undefined;
}

/**
 * The profile of a site that shows one space and nothing else, with the default customization: what
 * `quire export --space` renders when no site was made. The site takes the space's id and title; its one site
 * space sits at the root (path `''`), so pages land where a published one-space site puts them.
 *
 * @example
 * const profile = spaceSiteProfile({ id: 'space1', title: 'Handbook' });
 * // profile.structure: { type: 'siteSpaces', structure: [{ id: 'space1', path: '', ... }] }
 */
export function spaceSiteProfile(space: SpaceForSite): SiteProfile {
  const summary = { id: space.id, title: space.title, ...(space.emoji === undefined ? {} : { emoji: space.emoji }), ...(space.revision === undefined ? {} : { revision: space.revision }) };
  return {
    site: { id: space.id, title: space.title },
    structure: { type: 'siteSpaces', structure: [{ object: 'site-space', id: space.id, path: '', title: space.title, default: true, draft: false, space: summary }] },
    customizations: { site: {}, siteSpaces: {} },
  };
}
