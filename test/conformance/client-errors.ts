import { GitBookAPIError } from '@gitbook/api';

/**
 * The HTTP status a failed call of the official client answered (it throws `GitBookAPIError`). Fails when the
 * call succeeded.
 *
 * @example
 * expect(await statusOf(api.spaces.getSpaceById('missing'))).toBe(404);
 */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GitBookAPIError) return error.code;
    throw error;
  }
  throw new Error('the call succeeded, but an error status was expected');
}
