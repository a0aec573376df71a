// File: `{% file src="../.gitbook/assets/x.pdf" %}` caption `{% endfile %}`.
import type { Parent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';
import type { FlowContent } from '../../liquid/types.ts';

export interface FileFields {
  /** Path of the file, relative to the page, usually into `.gitbook/assets/`. */
  src?: string;
}

/** A downloadable file with a caption. */
export interface File extends Parent, FileFields {
  type: 'file';
  attributes?: Attribute[];
  /** The caption. */
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    file: File;
  }
  interface RootContentMap {
    file: File;
  }
}
