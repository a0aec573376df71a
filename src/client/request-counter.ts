/**
 * Counts the HTTP requests the client sends: the sync benchmark reports them, and "one page changed costs a
 * handful of requests" is a design target (DESIGN.md, "Performance").
 *
 * Every attempt on the wire counts, retries and redirects included, keyed by method and route template
 * (`GET /v1/spaces/{spaceId}/content`) so ids do not split the counts.
 */

/** A snapshot of the counts. */
export type RequestCounts = {
  /** Requests sent, retries included. */
  readonly total: number;
  /** How many of `total` were retries of an earlier attempt. */
  readonly retries: number;
  /** Requests per `"<METHOD> <route template>"`. */
  readonly byRoute: Readonly<Record<string, number>>;
};

export class RequestCounter {
  #total = 0;
  #retries = 0;
  #byRoute = new Map<string, number>();

  record(method: string, route: string, isRetry: boolean): void {
    this.#total += 1;
    if (isRetry) this.#retries += 1;
    const key = `${method} ${route}`;
    this.#byRoute.set(key, (this.#byRoute.get(key) ?? 0) + 1);
  }

  snapshot(): RequestCounts {
    const byRoute = Object.fromEntries([...this.#byRoute].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return { total: this.#total, retries: this.#retries, byRoute };
  }

  reset(): void {
    this.#total = 0;
    this.#retries = 0;
    this.#byRoute.clear();
  }
}
