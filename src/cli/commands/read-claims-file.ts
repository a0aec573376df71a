import { readFile } from 'node:fs/promises';
import { QuireError } from '../../errors/quire-error.ts';
import type { JsonObject } from '../../render/index.ts';
import { jsonSyntaxPosition, lineAndColumn } from './json-syntax-position.ts';

/**
 * The visitor claims of `quire export --claims <file>`: a JSON object, used as-is. Throws an INVALID_ARGUMENT
 * QuireError naming the file when it cannot be read, is not JSON (with the line and column) or is not an object;
 * the command reports it as a usage error.
 *
 * @example
 * await readClaimsFile('claims.json') // → { unsigned: { plan: 'pro' } }
 */
export async function readClaimsFile(path: string): Promise<JsonObject> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    throw new QuireError('INVALID_ARGUMENT', `--claims ${path}: cannot read the file (${reason})`, { field: 'claims', path }, { cause: error });
  }
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let claims: unknown;
  try {
    claims = JSON.parse(body);
  } catch (error) {
    const offset = jsonSyntaxPosition(body) ?? body.length;
    const { line, column } = lineAndColumn(body, offset);
    throw new QuireError('INVALID_ARGUMENT', `--claims ${path}: not valid JSON at line ${line}, column ${column}`, { field: 'claims', path, line, column }, { cause: error });
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new QuireError('INVALID_ARGUMENT', `--claims ${path}: the claims must be a JSON object ({ ... }), not ${Array.isArray(claims) ? 'a list' : claims === null ? 'null' : `a ${typeof claims}`}`, { field: 'claims', path });
  }
  return claims as JsonObject;
}
