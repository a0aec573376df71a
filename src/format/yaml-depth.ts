import { Document, parse, parseDocument, YAMLParseError, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';
import { maxYamlDepth } from '../model/nesting-limits.ts';

/*
 * How deep YAML nests, read without parsing it, so text nested deeper than `maxYamlDepth` never reaches the YAML
 * reader (which recurses, and crashes the process past some 800 levels: see nesting-limits.ts). The count errs on
 * the deep side: block nesting is the number of indentations open on a line plus its `- ` and `? ` markers; flow
 * nesting counts every `[` and `{` not inside a quoted scalar, and quoted scalars are skipped as the YAML reader
 * skips them, so quotes cannot hide brackets it would read.
 */

const space = 0x20;

/** The offset just past the quoted scalar that opens at `start` (its quote), or the text's end. */
function skipQuoted(text: string, start: number): number {
  const quote = text.charCodeAt(start);
  let index = start + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (quote === 0x22 /* " */ && code === 0x5c /* \ */) index += 2;
    else if (code === quote) {
      // '' inside a single-quoted scalar is an escaped quote.
      if (quote === 0x27 && text.charCodeAt(index + 1) === 0x27) index += 2;
      else return index + 1;
    } else index++;
  }
  return index;
}

/** Where a quote starts a quoted scalar: at the start of a token, not inside a plain scalar (`it's`). */
function startsToken(previous: number): boolean {
  return Number.isNaN(previous) || previous === space || previous === 0x09 || previous === 0x0a || previous === 0x5b || previous === 0x7b || previous === 0x2c || previous === 0x3a || previous === 0x2d || previous === 0x3f;
}

/**
 * The first offset where `text` nests deeper than `maxDepth`, or undefined. Linear in the text.
 *
 * @example
 * yamlTooDeepAt('a: [[[x]]]\n', 3) // → 6 (the third `[`: the map, then three sequences)
 * yamlTooDeepAt('a:\n  b: [1, 2]\n', 64) // → undefined
 */
export function yamlTooDeepAt(text: string, maxDepth: number): number | undefined {
  const indents: number[] = [];
  let flow = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    let index = lineStart;
    while (text.charCodeAt(index) === space) index++;
    const blank = index >= text.length || text[index] === '\n' || text[index] === '\r' || text[index] === '#';
    let depth = 0;
    if (flow === 0 && !blank) {
      const indent = index - lineStart;
      while (indents.length > 0 && indents[indents.length - 1]! > indent) indents.pop();
      if (indents.length === 0 || indents[indents.length - 1]! < indent) indents.push(indent);
      // Compact nesting on one line: `- - - x`, `? - x`.
      while ((text[index] === '-' || text[index] === '?') && (text[index + 1] === ' ' || text[index + 1] === '\t')) {
        depth++;
        index += 2;
        while (text.charCodeAt(index) === space) index++;
      }
    }
    // The first marker is the collection the indentation already counts.
    const blockDepth = indents.length + Math.max(0, depth - 1);
    if (blockDepth > maxDepth) return index;
    for (; index < text.length && text[index] !== '\n'; index++) {
      const code = text.charCodeAt(index);
      if ((code === 0x22 || code === 0x27) && startsToken(text.charCodeAt(index - 1))) {
        index = skipQuoted(text, index) - 1;
      } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
        if (blockDepth + ++flow > maxDepth) return index;
      } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
        flow = Math.max(0, flow - 1);
      }
    }
    lineStart = index + 1;
  }
  return undefined;
}

function tooDeepError(at: number): YAMLParseError {
  return new YAMLParseError([at, at + 1], 'RESOURCE_EXHAUSTION', `the YAML nests deeper than ${maxYamlDepth} levels, the most Quire reads`);
}

/**
 * `parseDocument` of the `yaml` package, except that YAML nesting deeper than `maxYamlDepth` is not parsed: the
 * document answered is empty and has one error, naming the limit.
 *
 * @example
 * parseYamlDocument('a: [[[x]]]\n', { prettyErrors: false }).errors // → [] ; 100 brackets: one error
 */
export function parseYamlDocument(text: string, options: ParseOptions & DocumentOptions & SchemaOptions = {}): Document.Parsed | Document {
  const at = yamlTooDeepAt(text, maxYamlDepth);
  if (at === undefined) return parseDocument(text, options);
  const document = new Document(null, options);
  document.errors.push(tooDeepError(at));
  return document;
}

/**
 * `parse` of the `yaml` package, except that YAML nesting deeper than `maxYamlDepth` throws the error naming the
 * limit without being parsed.
 *
 * @example
 * parseYamlValue('a: 1\n') // → { a: 1 }
 */
export function parseYamlValue(text: string): unknown {
  const at = yamlTooDeepAt(text, maxYamlDepth);
  if (at !== undefined) throw tooDeepError(at);
  return parse(text);
}
