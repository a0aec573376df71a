import { slugify } from '../../format/slug.ts';

// Anchors of a reference page, stable across exports because they come from the document, not from the order of
// rendering: `operation-<method>-<slug of the path>` (`GET /pets/{petId}` → `operation-get-pets-petid`, `GET /` → `operation-get-root`),
// `webhook-<method>-<slug of the name>`, `schema-<slug of the name>`, `tag-<slug of the tag>`. A second element
// wanting a taken anchor gets `-1`, `-2`, … from the page (src/render/blocks/heading.ts).

export function operationAnchor(method: string, path: string): string {
  return `operation-${method.toLowerCase()}-${/[a-z0-9]/i.test(path) ? slugify(path) : 'root'}`;
}

export function webhookAnchor(method: string, name: string): string {
  return `webhook-${method.toLowerCase()}-${slugify(name) || 'webhook'}`;
}

export function schemaAnchor(name: string): string {
  return `schema-${slugify(name) || 'schema'}`;
}

export function tagAnchor(tag: string): string {
  return `tag-${slugify(tag) || 'tag'}`;
}
