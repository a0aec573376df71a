import type {
  RevisionPageLayoutOptionsCoverMask,
  RevisionPageLayoutOptionsCoverSize,
  RevisionPageLayoutOptionsWidth,
} from '@gitbook/api';

/*
 * `@gitbook/api` types some string unions as TypeScript enums, and the package is only a devDependency
 * (types and the conformance suite), so its enum objects are not there at run time. These helpers turn the
 * plain strings of the published schema into the enum types, after checking them.
 */

const widths = ['default', 'wide'] as const;
const coverSizes = ['hero', 'full', 'background'] as const;
const coverMasks = ['none', 'radial'] as const;

export function asLayoutWidth(value: unknown): RevisionPageLayoutOptionsWidth | undefined {
  return (widths as readonly unknown[]).includes(value) ? (value as RevisionPageLayoutOptionsWidth) : undefined;
}

export function asCoverSize(value: unknown): RevisionPageLayoutOptionsCoverSize | undefined {
  return (coverSizes as readonly unknown[]).includes(value) ? (value as RevisionPageLayoutOptionsCoverSize) : undefined;
}

export function asCoverMask(value: unknown): RevisionPageLayoutOptionsCoverMask | undefined {
  return (coverMasks as readonly unknown[]).includes(value) ? (value as RevisionPageLayoutOptionsCoverMask) : undefined;
}
