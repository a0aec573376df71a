/**
 * The state a ContentKit element was rendered with (`ContentKitRenderOutputElement.state`): dynamic bindings
 * (`{ "$state": "key" }`) read their value from it, as the hosted app does on the first paint.
 */
export type ContentKitState = Readonly<Record<string, unknown>>;

/**
 * A string prop of an element: the string itself, or the state value a `ContentKitDynamicBinding` names when it is
 * a string or a number; `undefined` otherwise.
 *
 * @example
 * boundString({ $state: 'code' }, { code: 'let a = 1;' }) // → 'let a = 1;'
 */
export function boundString(value: unknown, state: ContentKitState): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || typeof (value as { $state?: unknown }).$state !== 'string') return undefined;
  const bound = state[(value as { $state: string }).$state];
  return typeof bound === 'string' ? bound : typeof bound === 'number' ? String(bound) : undefined;
}
