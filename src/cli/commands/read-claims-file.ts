import type { JsonObject } from '../../render/index.ts';
import { readJsonObjectFile } from './read-json-object-file.ts';

/**
 * The visitor claims of `quire export --claims <file>`: a JSON object, used as-is. Throws an INVALID_ARGUMENT
 * QuireError naming the file when it cannot be read, is not JSON (with the line and column) or is not an object;
 * the command reports it as a usage error.
 *
 * @example
 * await readClaimsFile('claims.json') // → { unsigned: { plan: 'pro' } }
 */
export function readClaimsFile(path: string): Promise<JsonObject> {
  return readJsonObjectFile('claims', path, 'the claims');
}
