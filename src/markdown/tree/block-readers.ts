import type { Html, PhrasingContent, RootContent } from 'mdast';
import type { LiquidTagReader } from '../liquid/tag-reader.ts';
import type { SiblingPairing } from './pair-siblings.ts';

/** Everything the block families contribute to reading a tree; the plugin collects them. */
export interface BlockReaders {
  /** Readers of Liquid tags, by tag name. */
  liquid: readonly LiquidTagReader[];
  /** Pairs of HTML blocks around Markdown content (`<details>` ... `</details>`). */
  flowPairings: readonly SiblingPairing<RootContent>[];
  /** Readers of one HTML block (`<figure>`, a drawing, cards). */
  flowHtml: ReadonlyArray<(node: Html) => RootContent | undefined>;
  /** Pairs of inline HTML tags around inline content (`<mark>` ... `</mark>`). */
  phrasingPairings: readonly SiblingPairing<PhrasingContent>[];
  /** Readers of one inline HTML tag (`<img>`). */
  phrasingHtml: ReadonlyArray<(node: Html) => PhrasingContent | undefined>;
}
