import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { costlyMarkdown, hostileMarkdown } from '../../test/fixtures/hostile/hostile-inputs.ts';
import { createBodyContext } from './body/body-context.ts';
import { bodySpace } from './body/body-space.fixture.ts';
import { renderBody } from './body/render-body.ts';
import { documentText, markdownToDocument } from './document/index.ts';

// Export renders page bodies with renderBody and the service converts them with markdownToDocument: both walk their
// trees recursively, so each hostile page must reach them already flattened (src/model/nesting-limits.ts).
describe('rendering hostile Markdown', () => {
  for (const page of [...hostileMarkdown(), costlyMarkdown()]) {
    it(`${page.name}: renders to HTML and converts to a document, keeping the text`, () => {
      const html = toHtml(renderBody(page.markdown, createBodyContext(bodySpace({}), 'README.md', 'self'), ''));
      expect(html).toContain(page.word);
      const document = markdownToDocument(page.markdown);
      expect(documentText(document)).toContain(page.word);
      expect(JSON.stringify(document).length).toBeGreaterThan(0);
    });
  }
});
