// Reusable content: `{% include "../.gitbook/includes/x.md" %}`.
import type { Node } from 'mdast';

/** Reusable content, included by path. A void tag. */
export interface Include extends Node {
  type: 'include';
  /** Path of the reusable content file, relative to the including page. */
  path: string;
}

declare module 'mdast' {
  interface BlockContentMap {
    include: Include;
  }
  interface RootContentMap {
    include: Include;
  }
}
