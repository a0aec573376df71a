import type { ApiNaming } from '../client/index.ts';

/** The options of a command that talks to the API, as typed. */
export interface ApiOptions {
  api?: string | undefined;
  token?: string | undefined;
  /** The embedded service's data folder, used when no API is given. */
  data?: string | undefined;
}

/**
 * How a command's failures name the API and its token: by the option or variable they came from, and the
 * embedded service by its folder instead of its random port.
 *
 * @example
 * cliApiNaming({ api: 'http://127.0.0.1:9' }, {}) // → { urlFrom: '--api', tokenFrom: undefined, tokenHow: '--token or QUIRE_TOKEN', ... }
 */
export function cliApiNaming(options: ApiOptions, env: NodeJS.ProcessEnv): ApiNaming {
  const urlFrom = options.api !== undefined ? '--api' : env['QUIRE_API_URL'] !== undefined ? 'QUIRE_API_URL' : undefined;
  return {
    urlFrom,
    embeddedName: urlFrom === undefined ? `the embedded service in ${options.data ?? '.quire'}` : undefined,
    tokenFrom: options.token !== undefined ? '--token' : env['QUIRE_TOKEN'] !== undefined ? 'QUIRE_TOKEN' : undefined,
    tokenHow: '--token or QUIRE_TOKEN',
  };
}
