import type { Node, Parent } from 'mdast';
import { parseMarkdown } from '../../markdown/index.ts';
import { isHttpMethod, type HttpMethod } from './document.ts';

/** Blocks that show one operation, whose method a page made of them shows in the sidebar. */
const operationBlocks = new Set(['openapi', 'openapiOperation', 'swagger']);
/** What may stand beside the operation block without making the page more than it: titles and separators. */
const framing = new Set(['heading', 'thematicBreak', 'yaml']);

/**
 * The HTTP method of a page whose content is one operation block (`{% openapi %}`, `{% openapi-operation %}`,
 * `{% swagger %}`): exactly one such block, naming a known method, with nothing else on the page but headings and
 * separators; otherwise `undefined`. The sidebar shows it as a badge beside the page's title. Only a body that
 * mentions such a block is parsed, so planning a large site costs nothing more. Pure.
 *
 * @example
 * singleOperationMethod('{% openapi-operation spec="pets" path="/pets" method="post" %}\n{% endopenapi-operation %}\n') // → 'post'
 */
export function singleOperationMethod(markdown: string): HttpMethod | undefined {
  if (!/\{%\s*(?:openapi|swagger)\b/.test(markdown)) return undefined;
  const blocks = (parseMarkdown(markdown) as Parent).children.filter((node: Node) => !framing.has(node.type) && !isComment(node));
  const [only, ...rest] = blocks;
  if (only === undefined || rest.length > 0 || !operationBlocks.has(only.type)) return undefined;
  const method = (only as Node & { method?: string }).method?.toLowerCase();
  return method !== undefined && isHttpMethod(method) ? method : undefined;
}

function isComment(node: Node): boolean {
  return node.type === 'html' && /^\s*<!--[\s\S]*-->\s*$/.test((node as Node & { value: string }).value);
}
