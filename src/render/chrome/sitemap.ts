import type { SitePlan } from '../route-data.ts';
import { escapeHtml } from './html-escape.ts';

/**
 * `sitemap.xml` of the bundle: every page that robots may index (not `noRobotsIndex`, not hidden), under the
 * site's published URL when it has one, else relative to the bundle.
 *
 * @example
 * sitemapXml({ ...plan, publishedUrl: 'https://docs.example.com' }) // → '…<loc>https://docs.example.com/guides/</loc>…'
 */
export function sitemapXml(plan: Pick<SitePlan, 'pages' | 'publishedUrl'>): string {
  const base = plan.publishedUrl ? plan.publishedUrl.replace(/\/?$/, '/') : '';
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const page of plan.pages) {
    if (page.noRobotsIndex || page.hidden) continue;
    const path = base ? page.href.replace(/index\.html$/, '') : page.href;
    lines.push(`  <url><loc>${escapeHtml(base + path)}</loc></url>`);
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}
