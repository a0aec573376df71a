/**
 * How deep content may nest, in one place: every walk over Markdown trees, HTML and JSON bodies relies on these
 * bounds, so none of them can run out of stack or spend seconds on a page written to be hostile (a Markdown list
 * nested 10,000 deep, a 5,000-level JSON value). Documented in docs/security.md ("Limits").
 *
 * - Markdown is what people wrote, so it is never refused: content nested deeper than the limit is flattened when
 *   it is parsed (the deeper part kept as text), and no later stage sees a deeper tree.
 * - JSON in a request body is input: a body nesting deeper than `maxJsonDepth` is a 400 naming the field and the
 *   limit, checked before validation.
 */

/**
 * The deepest a parsed Markdown page nests: containers (block quotes, list items) opened on one line beyond it are
 * read as text, and any node of the syntax tree deeper than it is replaced by its text.
 */
export const maxMarkdownDepth = 64;

/** The deepest raw HTML in a page nests (open elements at once, across the page); a block that goes deeper is shown as text. */
export const maxHtmlDepth = 64;

/** The deepest a JSON request body nests (objects and arrays; the body itself is level 1). */
export const maxJsonDepth = 64;

/**
 * The deepest YAML (frontmatter, `.gitbook.yaml`, `.gitbook/vars.yaml`, computed pages in SUMMARY.md) nests:
 * collections in collections, by indentation, `- ` items or brackets. Deeper YAML is reported as invalid without
 * being parsed: the YAML reader recurses, and past some 800 levels its stack overflow leaves V8 unable to compile
 * its next regular expression, which ends the process.
 */
export const maxYamlDepth = 64;

/**
 * The deepest a page tree nests (top-level pages are level 1). A repository whose SUMMARY.md nests deeper has the
 * deeper pages listed, in order, at this level (with a warning): every walk over page trees is recursive.
 */
export const maxPageDepth = 32;
