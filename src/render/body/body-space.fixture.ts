// Test support: the link table of a small space (a home page, a guides folder with one page, three files) that
// body rendering tests resolve links against; each test gives the reusable contents it includes.
import type { LinkTarget } from '../route-data.ts';
import type { BodyContext } from './body-context.ts';

const page = (href: string, title: string): LinkTarget => ({ kind: 'page', href, title });
const file = (href: string, title: string): LinkTarget => ({ kind: 'file', href, title, size: 2048, contentType: 'application/pdf' });

/**
 * The space, with `includes` as its reusable contents (layout path → Markdown).
 *
 * @example
 * const context = createBodyContext(bodySpace({ '.gitbook/includes/x.md': 'Hi' }), 'guides/README.md', 'self');
 */
export function bodySpace(includes: Record<string, string>): BodyContext['space'] {
  return {
    root: '',
    links: {
      'README.md': page('index.html', 'Home'),
      'guides/README.md': page('guides/index.html', 'Guides'),
      'guides/writing.md': page('guides/writing/index.html', 'Writing'),
      '.gitbook/assets/report.pdf': file('assets/files/abc-report.pdf', 'report.pdf'),
      '.gitbook/assets/cover.png': file('assets/files/def-cover.png', 'cover.png'),
      '.gitbook/assets/a b.png': file('assets/files/123-a%20b.png', 'a b.png'),
    },
    includes,
    pages: {},
    files: {},
  };
}
