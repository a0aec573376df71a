/**
 * The page tree as a directory describes it, before pages are read: what SUMMARY.md lists, or what the
 * folders imply when there is no SUMMARY.md. Paths are relative to the directory.
 */
export type TreeSpec = PageSpec | GroupSpec | LinkSpec | ComputedSpec;

export interface PageSpec {
  kind: 'page';
  path: string;
  /** The title SUMMARY.md gives the page, when it lists it. */
  summaryTitle?: string;
  linkTitle?: string;
  children: TreeSpec[];
}

export interface GroupSpec {
  kind: 'group';
  title: string;
  slug: string;
  children: TreeSpec[];
}

export interface LinkSpec {
  kind: 'link';
  title: string;
  linkTitle?: string;
  /** An external URL, or a file of the directory with an optional `#anchor`. */
  target: { kind: 'url'; url: string } | { kind: 'path'; path: string; anchor?: string };
}

export interface ComputedSpec {
  kind: 'computed';
  /** The `builtin:openapi` source as written in the item's `yaml` block, parsed. */
  source: Record<string, unknown>;
  /** 1-based line of the item, to key its id. */
  line: number;
}
