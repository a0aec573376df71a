import { isQuireError, QuireError } from '../../errors/quire-error.ts';
import type { CustomizationInput } from '../../render/index.ts';
import { checkCustomization, defaultCustomization, mergeSettings } from '../../service/sites/customization-settings.ts';
import { readJsonObjectFile } from './read-json-object-file.ts';

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
  const settings = await readJsonObjectFile('customization', path, 'the customization (the SiteCustomizationSettings shape)');
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
