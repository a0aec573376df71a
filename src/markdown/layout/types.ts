// Layout the tree keeps so that what GitBook's exporter writes reads back to the same bytes.
declare module 'mdast' {
  interface RootData {
    /**
     * Blank lines after the last block of the document. Canonical documents end with one line
     * ending (no blank line); GitBook's exporter leaves up to three after some blocks (the corpus
     * `README.md`, `tabs.md`, `page-link.md`). Absent means none.
     */
    trailingBlankLines?: number;
  }
}

export {};
