import { readFile } from 'node:fs/promises';
import { isQuireError, QuireError } from '../../errors/quire-error.ts';
import type { CustomizationInput } from '../../render/index.ts';
import { checkCustomization, defaultCustomization, mergeSettings } from '../../service/customization-settings.ts';
import { jsonSyntaxPosition, lineAndColumn } from './json-syntax-position.ts';

/**
 * The site customization of `quire build --customization <file>`: a JSON object in the published
 * `SiteCustomizationSettings` shape (what `GET .../sites/{siteId}/customization` answers, or any part of it),
 * checked field by field as the service checks a customization it is sent, then merged over the defaults of a
 * new site, as the service does, so a build and an export of the same settings look the same. Without a file,
 * the defaults. Throws an INVALID_ARGUMENT QuireError naming the file, and the field when one is wrong
 * (`styling.primaryColor.dark must be a colour #rgb or #rrggbb`); the command reports it as a usage error.
 *
 * @example
 * await readCustomizationFile('site.json') // → { title: 'Acme docs', styling: { theme: 'clean', ... }, ... }
 */
export async function readCustomizationFile(path: string | undefined): Promise<CustomizationInput> {
  if (path === undefined) return defaultCustomization() as CustomizationInput;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    throw new QuireError('INVALID_ARGUMENT', `--customization ${path}: cannot read the file (${reason})`, { field: 'customization', path }, { cause: error });
  }
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let settings: unknown;
  try {
    settings = JSON.parse(body);
  } catch (error) {
    const { line, column } = lineAndColumn(body, jsonSyntaxPosition(body) ?? body.length);
    throw new QuireError('INVALID_ARGUMENT', `--customization ${path}: not valid JSON at line ${line}, column ${column}`, { field: 'customization', path, line, column }, { cause: error });
  }
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    throw new QuireError('INVALID_ARGUMENT', `--customization ${path}: the customization must be a JSON object ({ ... }) in the SiteCustomizationSettings shape`, { field: 'customization', path });
  }
  try {
    checkCustomization(settings);
  } catch (error) {
    if (!isQuireError(error, 'INVALID_ARGUMENT')) throw error;
    const field = typeof error.data['field'] === 'string' ? error.data['field'] : undefined;
    throw new QuireError('INVALID_ARGUMENT', `--customization ${path}: ${error.message}`, { field: 'customization', path, ...(field === undefined ? {} : { setting: field }) }, { cause: error });
  }
  const { updatedAt: _updatedAt, ...own } = settings as Record<string, unknown>;
  return mergeSettings(defaultCustomization(), own) as CustomizationInput;
}
