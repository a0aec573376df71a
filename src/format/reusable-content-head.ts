import { composeHead } from './page-file.ts';
import { writeFrontmatter } from './frontmatter-yaml.ts';

/**
 * The head of a reusable-content file as the canonical writer makes it: frontmatter with the title
 * (FORMAT.md: "`.gitbook/includes/`: reusable content, one Markdown file each, frontmatter `title:`").
 *
 * @example
 * canonicalIncludeHead('Support', false) // → '---\ntitle: Support\n---\n\n'
 */
export function canonicalIncludeHead(title: string, bodyIsEmpty: boolean): string {
  return composeHead({ frontmatter: writeFrontmatter('', { title }), bodyIsEmpty });
}
