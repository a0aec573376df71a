import { QuireError } from '../errors/quire-error.ts';

/**
 * The error for a change of a batch that cannot be applied: `INVALID_ARGUMENT`, with a message that starts with
 * the field concerned (`changes[3].into: ...`) and that field in `data.field`, so a client knows what to fix.
 *
 * @example
 * throw invalidChange(3, 'into', 'page abc is not in the change request');
 */
export function invalidChange(index: number, field: string | undefined, message: string): QuireError<'INVALID_ARGUMENT'> {
  const path = field === undefined ? `changes[${index}]` : `changes[${index}].${field}`;
  return new QuireError('INVALID_ARGUMENT', `${path}: ${message}`, { field: path, index });
}
