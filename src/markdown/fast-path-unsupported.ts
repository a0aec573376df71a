/**
 * Thrown inside the fast body path when a page uses something it does not render exactly as the full path would
 * (raw HTML, a Liquid tag it does not know, GFM autolink literals, math, …). Never leaves `fastBodyTree`: the page
 * is then rendered by the full path, so this is a signal, not an error a user sees.
 */
export class FastPathUnsupported extends Error {
  constructor(readonly reason: string) {
    super(`fast body path: ${reason}`);
    this.name = 'FastPathUnsupported';
  }
}
