// Expandables: `<details>`, a blank line, `<summary>Title</summary>`, a blank line, the content,
// `</details>`.
import type { Parent } from 'mdast';
import type { FlowContent } from '../../liquid/types.ts';

/** A block that expands when its summary is clicked. */
export interface Details extends Parent {
  type: 'details';
  /** Expanded at first: `<details open>`. */
  open?: boolean;
  /** What `<summary>` holds, as written (HTML). */
  summary: string;
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    details: Details;
  }
  interface RootContentMap {
    details: Details;
  }
}
