/**
 * Every error Quire raises, by stable code. Callers branch on `code`, never on the message.
 *
 * `status` is the HTTP status the service answers with when this error reaches a client.
 * Each code is documented in `docs/errors.md`; a test keeps the two in step.
 */
export const errorCatalogue = {
  // Generic
  INVALID_ARGUMENT: { status: 400, summary: 'An argument or field has the wrong type, shape or value.' },
  NOT_FOUND: { status: 404, summary: 'The thing asked for does not exist, or the caller may not see it.' },
  CONFLICT: { status: 409, summary: 'The change conflicts with the current state.' },
  INTERNAL: { status: 500, summary: 'A bug in Quire: an invariant did not hold.' },

  // Format: reading and writing a Markdown directory
  FORMAT_INVALID_YAML: { status: 400, summary: 'YAML in frontmatter, .gitbook.yaml or .gitbook/vars.yaml does not parse.' },
  FORMAT_INVALID_CONFIG: { status: 400, summary: '.gitbook.yaml parses but a key has the wrong shape.' },
  FORMAT_MISSING_FILE: { status: 400, summary: 'SUMMARY.md, .gitbook.yaml or a page links to a file that is not in the directory.' },
  FORMAT_DUPLICATE_ENTRY: { status: 400, summary: 'SUMMARY.md lists the same file twice.' },
  FORMAT_PATH_ESCAPES_ROOT: { status: 400, summary: 'A path leaves the space: `..` past the root, an absolute path, or an include outside the space.' },
  FORMAT_SYMLINK: { status: 400, summary: 'A symbolic link in the directory; Quire never follows links.' },
  FORMAT_UNLISTED_PAGE: { status: 400, summary: 'A Markdown file that SUMMARY.md does not list; it is kept but is not a page.' },
  FORMAT_INVALID_SUMMARY: { status: 400, summary: 'A line of SUMMARY.md could not be understood; it is kept as written.' },
  FORMAT_MISSING_README: { status: 400, summary: 'The directory has no first page (README.md, or the file `.gitbook.yaml` names).' },
  FORMAT_INVALID_BUNDLE: { status: 400, summary: 'A revision bundle file does not have the documented shape.' },
} as const satisfies Record<string, { status: number; summary: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];
