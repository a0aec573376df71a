import { readFile } from 'node:fs/promises';
import { QuireError } from '../../errors/quire-error.ts';
import type { JsonObject } from '../../render/index.ts';
import { jsonSyntaxPosition, lineAndColumn } from './json-syntax-position.ts';

/**
 * The JSON object in the file an option names (`--claims`, `--customization`). Throws an INVALID_ARGUMENT
 * QuireError naming the option and the file when it cannot be read, is not JSON (with the line and column) or is
 * not an object (`what` says what it should hold); commands report it as a usage error.
 *
 * @example
 * await readJsonObjectFile('claims', 'claims.json', 'the claims') // → { unsigned: { plan: 'pro' } }
 */
export async function readJsonObjectFile(option: string, path: string, what: string): Promise<JsonObject> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    throw new QuireError('INVALID_ARGUMENT', `--${option} ${path}: cannot read the file (${reason})`, { field: option, path }, { cause: error });
  }
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const { line, column } = lineAndColumn(body, jsonSyntaxPosition(body) ?? body.length);
    throw new QuireError('INVALID_ARGUMENT', `--${option} ${path}: not valid JSON at line ${line}, column ${column}`, { field: option, path, line, column }, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const found = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`;
    throw new QuireError('INVALID_ARGUMENT', `--${option} ${path}: ${what} must be a JSON object ({ ... }), not ${found}`, { field: option, path });
  }
  return value as JsonObject;
}
