/**
 * A content change as the plan holds it: the change to send, with placeholders (`@quire-page-3`) where it names
 * a page or file that an earlier change of the same plan creates, since the space gives ids only when it
 * creates them. `apply` sends changes in batches and replaces placeholders as ids come back.
 */
import type { ContentChange } from '../client/index.ts';
import type { PlanItem } from './plan-item.ts';

export interface PlannedChange {
  /** The change to send; undefined for what cannot be sent (a file over the API's limit), reported as failed. */
  change: ContentChange | undefined;
  /** Placeholders this change creates (the `ref` of an inserted page, the refs of inserted files). */
  creates: string[];
  /** Placeholders this change refers to. */
  needs: string[];
  /** What it does, for the plan printout and the result. */
  items: PlanItem[];
  /** Bytes it sends (base64 of files, Markdown), to keep requests to a reasonable size. */
  weight: number;
  /**
   * Files the change names by `blob` (their SHA-256): their bytes are uploaded as a stream
   * (`POST .../quire/blobs`) just before the change is sent, never carried inside the batch.
   */
  uploads?: Array<{ blob: string; bytes: Uint8Array }> | undefined;
}

/** A planned change that is sent. */
export type SendableChange = PlannedChange & { change: ContentChange };

/** The mark of a placeholder: `@` then the ref given to the server. */
export const placeholderMark = '@';

/**
 * True when `value` is a placeholder for something created earlier in the plan.
 *
 * @example
 * isPlaceholder('@quire-page-1') // → true
 */
export function isPlaceholder(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${placeholderMark}quire-`);
}

/** The `ref` sent to the server for a placeholder. */
export function refOfPlaceholder(placeholder: string): string {
  return placeholder.slice(placeholderMark.length);
}
