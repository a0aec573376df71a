import type { FastifyInstance } from 'fastify';
import { QuireError } from '../errors/index.ts';
import { maxJsonDepth } from '../model/nesting-limits.ts';
import { tooDeepField } from './json-depth.ts';

/*
 * Text that a later stage could not store, serve or write: an unpaired surrogate (no UTF-8 for it, so Git, SQLite
 * and a download each mangle or refuse it) or a control character (a header value, a file name or an HTML
 * attribute refuses it). Every JSON request body is checked here, once, before any route sees it: every string
 * and every key, however deep, including the free-form changes the content layer reads. Tab, line feed and
 * carriage return are text in multi-line fields; single-line fields (titles, names, a content type...) refuse
 * them too, and a `contentType` must be a media type that is a legal header value (RFC 7231 §3.1.1.1).
 */

/** Fields that hold one line of text wherever they appear in a body. */
const singleLineFields = new Set(['title', 'linkTitle', 'name', 'subject', 'emoji', 'icon', 'contentType', 'slug', 'path', 'hostname', 'agentTaskId', 'status', 'operation']);

const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const quotedString = '"(?:[\\t !#-\\[\\]-~]|\\\\[\\t -~])*"';
/** `type/subtype` then `; name=value` parameters, value a token or a quoted string; ASCII only. */
const mediaTypePattern = new RegExp(`^${token}/${token}(?:[ \\t]*;[ \\t]*${token}=(?:${token}|${quotedString}))*$`);

/** What is wrong with one string, or undefined. */
function textProblem(text: string, singleLine: boolean): string | undefined {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
      return unpaired(code, index);
    }
    if (code >= 0xdc00 && code <= 0xdfff) return unpaired(code, index);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    if (control && (singleLine || (code !== 0x09 && code !== 0x0a && code !== 0x0d))) {
      return `contains the control character ${codePoint(code)} at character ${index + 1}${singleLine ? ': it is one line of text' : ''}`;
    }
  }
  return undefined;
}

function unpaired(code: number, index: number): string {
  return `contains an unpaired surrogate (${codePoint(code)} at character ${index + 1}): it is not Unicode text`;
}

function codePoint(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The first string of `value` (a parsed JSON body) that is not safe text, with its path (`body/changes/0/title`)
 * and the problem; keys are checked as single-line text. Iterative, so a deeply nested body cannot overflow the
 * stack.
 *
 * @example
 * unsafeText({ title: 'a\u0000' }, 'body') // → { field: 'body/title', problem: 'contains the control character U+0000 at character 2: it is one line of text' }
 * unsafeText({ title: 'Café 🚀 文档' }, 'body') // → undefined
 */
export function unsafeText(value: unknown, root: string): { field: string; problem: string } | undefined {
  const pending: { value: unknown; path: string; key: string | undefined }[] = [{ value, path: root, key: undefined }];
  while (pending.length > 0) {
    const { value: current, path, key } = pending.pop()!;
    if (typeof current === 'string') {
      const problem = key === 'contentType' && textProblem(current, true) === undefined && !mediaTypePattern.test(current)
        ? 'must be a media type such as image/png or text/plain; charset=utf-8 (a legal header value)'
        : textProblem(current, key !== undefined && singleLineFields.has(key));
      if (problem !== undefined) return { field: path, problem };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) pending.push({ value: current[index], path: `${path}/${index}`, key: undefined });
    } else if (typeof current === 'object' && current !== null && !ArrayBuffer.isView(current)) {
      for (const [name, child] of Object.entries(current).reverse()) {
        const keyProblem = textProblem(name, true);
        if (keyProblem !== undefined) return { field: `${path}/${JSON.stringify(name).slice(1, -1)}`, problem: `has a field name that ${keyProblem}` };
        pending.push({ value: child, path: `${path}/${name}`, key: name });
      }
    }
  }
  return undefined;
}

/**
 * Refuses, with a 400 naming the field, a JSON body nesting deeper than `maxJsonDepth` (every later walk over it,
 * the text check's, the schema validator's and the routes', may then recurse freely) or holding text that is not
 * safe (see `unsafeText`), before schema validation and before any route.
 *
 * @example
 * installTextChecks(app);
 */
export function installTextChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Only parsed JSON: a raw upload's body is the request stream itself (quire-blobs.ts), not text to walk.
    if (!isJsonValue(request.body)) return;
    const tooDeep = tooDeepField(request.body, 'body', maxJsonDepth);
    if (tooDeep !== undefined) {
      throw new QuireError('INVALID_ARGUMENT', `${tooDeep} nests deeper than ${maxJsonDepth} levels of objects and arrays, the most a JSON body may nest`, { field: tooDeep, limit: maxJsonDepth });
    }
    const found = unsafeText(request.body, 'body');
    if (found !== undefined) throw new QuireError('INVALID_ARGUMENT', `${found.field} ${found.problem}`, { field: found.field });
  });
}

/** A value JSON.parse can give: a plain object or array (strings and numbers at the top are checked too). */
function isJsonValue(body: unknown): boolean {
  if (typeof body === 'string') return true;
  if (typeof body !== 'object' || body === null) return false;
  const prototype = Object.getPrototypeOf(body) as unknown;
  return Array.isArray(body) || prototype === Object.prototype || prototype === null;
}
