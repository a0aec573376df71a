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
  FILE_TOO_LARGE: { status: 413, summary: 'A file is larger than the server takes (quire serve --max-file-size, default 100 MB).' },
  CONTENT_TOO_COSTLY: { status: 422, summary: 'Converting a page or reusable content to a JSON document took longer than its time budget; the Markdown is kept and can be read as it is.' },
  INTEGRATION_FAILED: { status: 502, summary: "An integration's script failed: it threw, could not load, answered too much, or went past its wall-clock, CPU or memory limit.", shownToClients: true },

  // Service: who is calling and what they may do
  UNAUTHENTICATED: { status: 401, summary: 'No bearer token, or a token that is unknown, revoked or expired.' },
  PERMISSION_DENIED: { status: 403, summary: 'The caller may see the thing but its role does not allow this change.' },

  // Format: reading and writing a Markdown directory
  FORMAT_INVALID_YAML: { status: 400, summary: 'YAML in frontmatter, .gitbook.yaml or .gitbook/vars.yaml does not parse.' },
  FORMAT_INVALID_FRONTMATTER: { status: 400, summary: 'A warning: frontmatter parses but a known key has a value the reader does not understand; the page is imported and the key kept as written.' },
  FORMAT_INVALID_CONFIG: { status: 400, summary: '.gitbook.yaml parses but a key has the wrong shape.' },
  FORMAT_MISSING_FILE: { status: 400, summary: 'SUMMARY.md, .gitbook.yaml, a page or its frontmatter (a cover) names a file that is not in the directory; for pages and frontmatter a warning, the text kept.' },
  FORMAT_DUPLICATE_ENTRY: { status: 400, summary: 'SUMMARY.md lists the same file twice.' },
  FORMAT_PATH_ESCAPES_ROOT: { status: 400, summary: 'A path leaves the space: `..` past the root, an absolute path, or an include outside the space.' },
  FORMAT_SYMLINK: { status: 400, summary: 'A symbolic link in the directory; Quire never follows links.' },
  FORMAT_UNSAFE_PATH: { status: 400, summary: 'A path of the directory that the repository path rules refuse (`.git` in disguise, too deep or too long); it is not read.' },
  FORMAT_UNLISTED_PAGE: { status: 400, summary: 'A Markdown file that SUMMARY.md does not list; it is kept but is not a page.' },
  FORMAT_INVALID_SUMMARY: { status: 400, summary: 'A line of SUMMARY.md could not be understood; it is kept as written.' },
  FORMAT_MISSING_README: { status: 400, summary: 'The directory has no first page (README.md, or the file `.gitbook.yaml` names).' },
  FORMAT_INVALID_BUNDLE: { status: 400, summary: 'A revision bundle file does not have the documented shape.' },

  // Store: persistence of the service
  STORE_CONFLICT: { status: 409, summary: 'Another writer moved the record first (a compare-and-set lost); read it again and retry.' },
  STORE_UNAVAILABLE: { status: 503, summary: 'The database or the blob folder cannot be reached, or stayed busy too long.' },
  STORE_CORRUPT: { status: 500, summary: 'Stored content is missing or does not match its hash.' },

  // Client: talking to a documentation service's HTTP API
  API_REQUEST_FAILED: { status: 502, summary: 'The API answered with an HTTP error; `status` on the error is the status it answered.' },
  API_UNREACHABLE: { status: 503, summary: 'The API could not be reached (connection refused or reset, timeout) after every retry.' },
  API_INVALID_RESPONSE: { status: 502, summary: 'The API answered 2xx with a body that is not what the operation returns.' },
  // Git: the repository adapter sync uses
  GIT_REPOSITORY_NOT_FOUND: { status: 404, summary: 'The directory is not a Git repository (no HEAD in its git directory).' },
  GIT_REF_NOT_FOUND: { status: 404, summary: 'A branch, tag or other ref does not exist, or does not resolve to an object.' },
  GIT_OBJECT_NOT_FOUND: { status: 404, summary: 'A commit, tree or blob oid is not in the object database.' },
  GIT_WRONG_OBJECT_TYPE: { status: 400, summary: 'An oid names an object of another type than the one asked for (a blob where a commit was expected).' },
  GIT_INVALID_PATH: { status: 400, summary: 'A path to write or delete is absolute, has an empty, `.` or `..` segment, or a `.git` segment.' },
  GIT_INVALID_REF_NAME: { status: 400, summary: 'A ref name Git does not allow.' },
  GIT_PATH_CONFLICT: { status: 409, summary: 'A change cannot be applied to the tree: a file where a folder is needed, or the reverse.' },
  GIT_REF_CONFLICT: { status: 409, summary: 'The ref to update no longer points at the parent of the new commit.' },
  GIT_WORKTREE_CONFLICT: { status: 409, summary: 'Checking out the new commit would overwrite changes in the work tree that are not in the parent commit.' },

  // Sync: keeping a Git branch and a space in step
  SYNC_SERVER_UNSUPPORTED: { status: 501, summary: 'The API server lacks an extension sync needs (GET /v1/quire does not announce it).' },
  SYNC_HISTORY_MISSING: { status: 409, summary: 'The commit the space was last synced with is not in the local repository (a shallow clone).' },
  SYNC_NEEDS_PREFERENCE: { status: 409, summary: 'First sync with content on both sides: --prefer git or --prefer space must say which wins.' },
  SYNC_BLOCKED: { status: 409, summary: 'One direction was asked for, and the other side has changes that it would leave behind.' },
  SYNC_CONFLICT: { status: 409, summary: 'Git and the space changed the same lines; the change request is left open to resolve.' },
  SYNC_CHANGES_FAILED: { status: 422, summary: 'Some content changes were refused; the change request is left open and each failure is reported.' },

  // Export: writing a published site as a static bundle
  EXPORT_SERVER_UNSUPPORTED: { status: 501, summary: 'The API server lacks both the `bundle` and the `directory` extension export reads site content with (GET /v1/quire announces neither).' },
  EXPORT_SITE_NOT_PUBLISHED: { status: 409, summary: 'The site to export exists but is not published: its published profile cannot be read until it is.' },
  EXPORT_PATH_ESCAPES_OUT_DIR: { status: 400, summary: 'A file of the export would be written outside the output folder.' },
  EXPORT_WRITE_FAILED: { status: 500, summary: 'A file of the export could not be written (a full disk, a file where a folder is needed); the message names it.' },

  // PDF: printing change requests with Chromium. Their 503 messages say what to do, so clients see them.
  PDF_PRINTER_UNAVAILABLE: { status: 503, summary: 'Chromium, which prints PDFs, is not installed or does not start (apt-get install chromium, or set QUIRE_CHROMIUM).', shownToClients: true },
  PDF_PRINT_FAILED: { status: 503, summary: 'Printing a PDF took longer than its time limit, Chromium failed while printing, or too many prints are waiting.', shownToClients: true },
} as const satisfies Record<string, { status: number; summary: string; shownToClients?: true }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/**
 * Whether the service shows a 5xx error's message to clients (it hides the others'): only codes whose message
 * says what to install or retry, and holds nothing of the server's internals.
 *
 * @example
 * messageShownToClients('PDF_PRINTER_UNAVAILABLE') // → true
 * messageShownToClients('INTERNAL') // → false
 */
export function messageShownToClients(code: ErrorCode): boolean {
  const entry = errorCatalogue[code];
  return 'shownToClients' in entry && entry.shownToClients === true;
}
