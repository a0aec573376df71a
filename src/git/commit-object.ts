/**
 * Commits as the adapter reports them, and the parser for commit objects. Commits are parsed here rather
 * than with isomorphic-git's `readCommit`, which rewrites the message (drops `\r`, leading blank lines and
 * trailing newlines); sync keeps the message exactly as `git log --format=%B` shows it.
 *
 * Format (git's `commit.c`, `parse_commit_buffer`): `tree`, then `parent` lines, then other headers
 * (`author`, `committer`, `gpgsig`, ...; a line starting with a space continues the previous header), a
 * blank line, and the message.
 */

/** A person and a moment, as in a commit's `author` and `committer` lines. */
export interface GitIdentity {
  name: string;
  email: string;
  /** Seconds since the Unix epoch. */
  timestamp: number;
  /**
   * The author's time zone, in minutes east of UTC, as Git writes it: `+0300` is `180`, `-0500` is `-300`.
   * (isomorphic-git uses the opposite sign, like `Date#getTimezoneOffset`; the adapter converts.)
   */
  timezoneOffset: number;
}

/** A commit, as `listCommits` and `readCommit` report it. */
export interface GitCommit {
  oid: string;
  /** The oid of the commit's root tree. */
  tree: string;
  /** Parent oids, first parent first. */
  parents: string[];
  /** The whole message, byte for byte (usually with its trailing newline). */
  message: string;
  /** The subject as `git log --format=%s` shows it: the first paragraph, its lines joined by spaces. */
  subject: string;
  author: GitIdentity;
  committer: GitIdentity;
}

const utf8 = new TextDecoder('utf-8');

/** Parses a commit object's content. */
export function parseCommitObject(oid: string, bytes: Uint8Array): GitCommit {
  const text = utf8.decode(bytes);
  const end = text.indexOf('\n\n');
  const headerText = end < 0 ? text : text.slice(0, end);
  const message = end < 0 ? '' : text.slice(end + 2);
  let tree = '';
  const parents: string[] = [];
  let author: GitIdentity | undefined;
  let committer: GitIdentity | undefined;
  for (const line of headerText.split('\n')) {
    if (line.startsWith(' ')) continue; // continuation of a multi-line header (gpgsig, mergetag)
    const space = line.indexOf(' ');
    const key = space < 0 ? line : line.slice(0, space);
    const value = space < 0 ? '' : line.slice(space + 1);
    // Git takes the first of each single-valued header and ignores later ones.
    if (key === 'tree' && tree === '') tree = value;
    else if (key === 'parent') parents.push(value);
    else if (key === 'author') author ??= parseIdentity(value);
    else if (key === 'committer') committer ??= parseIdentity(value);
  }
  const unknown: GitIdentity = { name: '', email: '', timestamp: 0, timezoneOffset: 0 };
  return { oid, tree, parents, message, subject: commitSubject(message), author: author ?? unknown, committer: committer ?? unknown };
}

/**
 * `Name <email> 1663314067 +0300`. Git tolerates malformed lines, so this does too: what does not parse
 * is left empty or zero rather than making the whole history unreadable.
 */
export function parseIdentity(value: string): GitIdentity {
  const match = /^(.*?) ?<([^<>]*)> (\d+) ([+-])(\d\d)(\d\d)$/.exec(value);
  if (match === null) {
    const email = /<([^<>]*)>/.exec(value);
    return { name: value.replace(/ ?<.*$/, ''), email: email?.[1] ?? '', timestamp: 0, timezoneOffset: 0 };
  }
  const minutes = Number(match[5]) * 60 + Number(match[6]);
  return {
    name: match[1]!,
    email: match[2]!,
    timestamp: Number(match[3]),
    timezoneOffset: match[4] === '-' ? -minutes : minutes,
  };
}

/**
 * The subject as git's `pretty.c` (`format_subject`) makes it: skip leading blank lines, then join the
 * lines up to the first blank line with single spaces, each without its trailing whitespace.
 */
export function commitSubject(message: string): string {
  const lines = message.split('\n');
  const isBlank = (line: string): boolean => /^[ \t\n\v\f\r]*$/.test(line);
  let index = 0;
  while (index < lines.length && isBlank(lines[index]!)) index += 1;
  const subject: string[] = [];
  for (; index < lines.length && !isBlank(lines[index]!); index += 1) {
    subject.push(lines[index]!.replace(/[ \t\n\v\f\r]+$/, ''));
  }
  return subject.join(' ');
}
