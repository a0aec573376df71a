/*
 * The words of full-text search, the same for what is indexed and what is asked, on both stores. The engines
 * (SQLite FTS5 with its `porter unicode61` tokenizer, PostgreSQL's parser with an English snowball dictionary)
 * split text on spaces and punctuation and stem English words; that does not work for every script by itself:
 * - Japanese, Chinese (and Thai, Lao, Khmer, Myanmar) have no spaces, so a whole run of text would be one token
 *   and no word inside it could be found. Such runs become overlapping bigrams (`日本語` → `日本`, `本語`); a
 *   query's run becomes the phrase of its bigrams, so it matches where the same characters stand in a row.
 * - How the engines classify non-ASCII letters depends on their build and on the database's locale (PostgreSQL
 *   in a `C` locale drops them as blanks). Every term that is not plain ASCII is therefore spelled in ASCII
 *   (`u` and its code points in decimal, `x` between them): each engine sees one opaque token, identical on
 *   both, that its stemmer leaves alone (it ends in a digit, which no English suffix rule touches).
 * - Letters are folded first: NFKC (full-width Latin, ligatures), lower case, Latin accents and Arabic vowel
 *   marks and tatweel removed, Arabic alef forms unified, so `Café` finds `cafe` and `أهلا` finds `اهلا`.
 * Arabic (and every other spaced script) keeps its words as words.
 */

/** One term of a text, with where its word stands in the text (for excerpts). */
export interface SearchToken {
  term: string;
  /** The word (or the run of unspaced script) it comes from, as UTF-16 offsets into the text. */
  start: number;
  end: number;
}

/**
 * One condition of a query: all of them must hold (AND).
 * - `term`: the term is there;
 * - `phrase`: the terms stand in a row (a run of unspaced script);
 * - `char`: one character of unspaced script alone: a bigram starting with it, or the character standing alone.
 */
export type SearchClause = { kind: 'term'; term: string } | { kind: 'phrase'; terms: string[] } | { kind: 'char'; term: string; prefix: string };

/** A query as the stores take it: its clauses (at most `maxQueryClauses`), and the text it was read from. */
export interface SearchQuery {
  text: string;
  clauses: SearchClause[];
}

/** The most clauses a query keeps; words beyond are ignored (a 512-character query has room for many). */
export const maxQueryClauses = 32;
/** The longest word kept, in characters; longer ones are cut (a pasted hash or a base64 blob is not a word). */
const maxWordLength = 64;

const wordPattern = /[\p{L}\p{M}\p{N}]+/gu;
const unspacedScript = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;
const plainAscii = /^[a-z0-9]+$/;
const asciiWord = /^[A-Za-z0-9]+$/;

/**
 * Folds a word: NFKC, lower case, Latin accents and Arabic vowel marks removed, Arabic letter variants unified.
 *
 * @example
 * foldWord('Café') // → 'cafe'
 * foldWord('أَهْلاً') // → 'اهلا'
 */
export function foldWord(word: string): string {
  return word
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064a')
    .normalize('NFC');
}

/**
 * The ASCII spelling of a term: itself when it is plain ASCII letters and digits, else `u` and its code points.
 *
 * @example
 * spellTerm('install') // → 'install'
 * spellTerm('日本') // → 'u26085x26412'
 */
export function spellTerm(term: string): string {
  if (plainAscii.test(term)) return term;
  return `u${[...term].map((character) => character.codePointAt(0)!).join('x')}`;
}

/** A word split into runs of unspaced script and the rest, each with its offsets in the word. */
function scriptRuns(word: string): { text: string; unspaced: boolean; start: number; end: number }[] {
  const runs: { text: string; unspaced: boolean; start: number; end: number }[] = [];
  let offset = 0;
  for (const character of word) {
    const unspaced = unspacedScript.test(character);
    const last = runs[runs.length - 1];
    if (last !== undefined && last.unspaced === unspaced) {
      last.text += character;
      last.end += character.length;
    } else runs.push({ text: character, unspaced, start: offset, end: offset + character.length });
    offset += character.length;
  }
  return runs;
}

interface Run {
  /** For spaced script, one term; for unspaced script, its characters (folded). */
  characters: string[];
  unspaced: boolean;
  start: number;
  end: number;
}

function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const match of text.matchAll(wordPattern)) {
    // Most words are ASCII: folding them is lower-casing, and they are one run.
    if (asciiWord.test(match[0])) {
      runs.push({ characters: [match[0].slice(0, maxWordLength).toLowerCase()], unspaced: false, start: match.index, end: match.index + match[0].length });
      continue;
    }
    for (const run of scriptRuns(match[0])) {
      const folded = foldWord(run.text);
      if (folded === '') continue;
      const start = match.index + run.start;
      const end = match.index + run.end;
      if (run.unspaced) runs.push({ characters: [...folded], unspaced: true, start, end });
      else runs.push({ characters: [[...folded].slice(0, maxWordLength).join('')], unspaced: false, start, end });
    }
  }
  return runs;
}

/**
 * The terms of a text, in order, with the word each comes from: a word of spaced script gives one term, a run
 * of unspaced script its bigrams (one character alone gives itself). Terms are in their ASCII spelling.
 *
 * @example
 * searchTokens('Installing 日本語').map((token) => token.term) // → ['installing', 'u26085x26412', 'u26412x35486']
 */
export function searchTokens(text: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  for (const run of runsOf(text)) {
    if (!run.unspaced) tokens.push({ term: spellTerm(run.characters[0]!), start: run.start, end: run.end });
    else if (run.characters.length === 1) tokens.push({ term: spellTerm(run.characters[0]!), start: run.start, end: run.end });
    else for (let index = 0; index + 1 < run.characters.length; index++) tokens.push({ term: spellTerm(run.characters[index]! + run.characters[index + 1]!), start: run.start, end: run.end });
  }
  return tokens;
}

/**
 * The text the engines index for `text`: its terms, separated by spaces.
 *
 * @example
 * searchTerms('How to install Quire') // → 'how to install quire'
 */
export function searchTerms(text: string): string {
  return searchTokens(text)
    .map((token) => token.term)
    .join(' ');
}

/**
 * Reads a query: each word of spaced script is a term, each run of unspaced script the phrase of its bigrams
 * (one character: `char`). Duplicates go; at most `maxQueryClauses` clauses. No clause at all (only punctuation)
 * means nothing can match.
 *
 * @example
 * parseSearchQuery('install 日本語').clauses // → [{ kind: 'term', term: 'install' }, { kind: 'phrase', terms: ['u26085x26412', 'u26412x35486'] }]
 */
export function parseSearchQuery(text: string): SearchQuery {
  const clauses: SearchClause[] = [];
  const seen = new Set<string>();
  for (const run of runsOf(text)) {
    let clause: SearchClause;
    if (!run.unspaced) clause = { kind: 'term', term: spellTerm(run.characters[0]!) };
    else if (run.characters.length === 1) {
      const term = spellTerm(run.characters[0]!);
      clause = { kind: 'char', term, prefix: `${term}x` };
    } else {
      const terms: string[] = [];
      for (let index = 0; index + 1 < run.characters.length; index++) terms.push(spellTerm(run.characters[index]! + run.characters[index + 1]!));
      clause = terms.length === 1 ? { kind: 'term', term: terms[0]! } : { kind: 'phrase', terms };
    }
    const key = JSON.stringify(clause);
    if (seen.has(key)) continue;
    seen.add(key);
    clauses.push(clause);
    if (clauses.length === maxQueryClauses) break;
  }
  return { text, clauses };
}
