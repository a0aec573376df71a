/**
 * An icon name as the model holds it (`Icon`: at most 50 characters), without Font Awesome's `fa-` prefix;
 * `undefined` for none or one the model cannot hold.
 *
 * @example
 * iconName('fa-rocket') // → 'rocket'
 * iconName('') // → undefined
 */
export function iconName(written: string | null | undefined): string | undefined {
  const name = (written ?? '').trim().replace(/^fa-/, '');
  return name === '' || name.length > 50 ? undefined : name;
}
