/**
 * What an integration's script receives, in the published runtime's wire format (`@gitbook/runtime`'s
 * `createIntegration` reads it): a `POST` to `/v1` whose multipart form carries the event as JSON (`event`), the
 * runtime environment as JSON (`environment`: the integration, its installation, its secrets) and, for a `fetch`
 * event, the body of the HTTP request being forwarded (`fetch-body`). Pure: it builds the request, nothing runs.
 */

/** The origin a script sees its requests come to; nothing listens there, the runtime delivers them in-process. */
export const integrationDispatchOrigin = 'https://integration.quire.invalid';

export interface IntegrationDispatch {
  /** The event, as the published `Event` union shapes it (`installation_setup`, `ui_render`, `fetch`, …). */
  event: { type: string; eventId: string } & Record<string, unknown>;
  /** The published `IntegrationEnvironment`: `integration`, `installation`, `secrets`, … */
  environment: Record<string, unknown>;
  /** For a `fetch` event: the forwarded request's body. */
  fetchBody?: string;
}

/**
 * The request the runtime hands a script for `dispatch`.
 *
 * @example
 * const request = dispatchRequest({ event: { type: 'ui_render', eventId: 'e1', componentId: 'hello' }, environment: { secrets: {} } });
 * // → POST https://integration.quire.invalid/v1, multipart form with `event` and `environment`
 */
export function dispatchRequest(dispatch: IntegrationDispatch): Request {
  const form = new FormData();
  form.set('event', JSON.stringify(dispatch.event));
  form.set('environment', JSON.stringify(dispatch.environment));
  if (dispatch.fetchBody !== undefined) form.set('fetch-body', dispatch.fetchBody);
  return new Request(`${integrationDispatchOrigin}/v1`, { method: 'POST', body: form });
}
