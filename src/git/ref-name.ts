import { QuireError } from '../errors/index.ts';

/**
 * The full name of a ref to update: `HEAD` stays `HEAD`, `refs/...` is kept, anything else is a branch
 * (`main` → `refs/heads/main`). The name must pass Git's rules (`git check-ref-format`, summarised in
 * git's `refs.c`, `check_refname_component`).
 *
 * @throws QuireError `GIT_INVALID_REF_NAME`.
 */
export function fullRefName(ref: string): string {
  if (ref === 'HEAD') return ref;
  const full = ref.startsWith('refs/') ? ref : `refs/heads/${ref}`;
  const problem = refNameProblem(full);
  if (problem !== undefined) {
    throw new QuireError('GIT_INVALID_REF_NAME', `Invalid ref name ${JSON.stringify(ref)}: ${problem}`, { ref, reason: problem });
  }
  return full;
}

function refNameProblem(ref: string): string | undefined {
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(ref)) return 'spaces, control characters and ~ ^ : ? * [ \\ are not allowed';
  if (ref.includes('..')) return '".." is not allowed';
  if (ref.includes('@{')) return '"@{" is not allowed';
  if (ref.endsWith('.') || ref.endsWith('/')) return 'a ref cannot end with "." or "/"';
  for (const component of ref.split('/')) {
    if (component === '') return 'empty components ("//") are not allowed';
    if (component.startsWith('.')) return 'a component cannot start with "."';
    if (component.endsWith('.lock')) return 'a component cannot end with ".lock"';
  }
  return undefined;
}
