// The bundle answer the server sends (`getRevisionBundleJson`) is `JSON.stringify` of `getRevisionBundle`, byte for
// byte, whether its content was just serialized or kept from an earlier answer.
import { expect, it } from 'vitest';
import { createChangeRequest, patchChangeRequest } from '../change-requests/change-requests.ts';
import { updateChangeRequestContent } from '../change-requests/change-request-content.ts';
import { mergeChangeRequest } from '../change-requests/merge-change-request.ts';
import type { Actor } from '../access/actor.ts';
import type { ServiceContext } from '../service-context.ts';
import { createSpace } from '../spaces/spaces.ts';
import { openAdminTestStore } from '../test-store.fixture.ts';
import { bundleContentCacheOf } from './bundle-content-cache.ts';
import { getRevisionBundle, getRevisionBundleJson } from './revision-bundle.ts';
import { setRevisionGit } from './revision-history.ts';

it('writes what JSON.stringify writes of the bundle, from fresh content and from kept content, with the published revision made afresh', async () => {
  const { store, dispose, actor, organizationId } = await openAdminTestStore();
  try {
    await checkBundleJson({ store, clock: () => new Date(), baseUrl: 'http://quire.test' }, actor, organizationId);
  } finally {
    await dispose();
  }
});

async function checkBundleJson(ctx: ServiceContext, actor: Actor, organizationId: string): Promise<void> {
  const { store } = ctx;
  const space = await createSpace(ctx, actor, organizationId, { title: 'Bundled' });
  const changeRequest = await createChangeRequest(ctx, actor, space.id, { subject: 'Pages' });
  await updateChangeRequestContent(ctx, actor, space.id, changeRequest.id, [
    { operation: 'insert_page', title: 'Home', document: { markdown: 'Quotes "and" \\ back\\slashes, <tags> & ünïcödé 😀.\n' } },
    { operation: 'insert_page', title: 'Guide', document: { markdown: '# Guide\n\nLine\u2028separator.\n' } },
    { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: Buffer.from('PNG bytes').toString('base64') }] },
  ]);
  const { revision } = await mergeChangeRequest(ctx, actor, space.id, changeRequest.id);
  const cache = bundleContentCacheOf(store);
  expect(cache.get(revision)).toBeUndefined();
  const answer = async () => {
    const parts = await getRevisionBundleJson(ctx, actor, space.id, revision);
    return { parts, text: Buffer.concat(parts).toString() };
  };

  const fresh = await answer();
  expect(fresh.text).toBe(JSON.stringify(await getRevisionBundle(ctx, actor, space.id, revision)));
  expect(fresh.text).toContain(`"${Buffer.from('PNG bytes').toString('base64')}"`);
  expect(cache.get(revision)).toBeDefined();
  // Asked again: the very parts kept, head and content, not made again.
  const again = await answer();
  expect(again.text).toBe(fresh.text);
  expect(again.parts).toHaveLength(fresh.parts.length);
  again.parts.forEach((part, index) => expect(part).toBe(fresh.parts[index]));

  // The Git commit recorded since is in the revision of the next answer, whose head is new; the kept content is the same.
  await setRevisionGit(ctx, actor, space.id, revision, { oid: 'a'.repeat(40), message: 'Exported', createdByGitBook: false, ref: 'refs/heads/main' });
  const committed = await answer();
  expect(committed.text).toBe(JSON.stringify(await getRevisionBundle(ctx, actor, space.id, revision)));
  expect(committed.text).toContain('"message":"Exported"');
  expect(committed.parts[0]).not.toBe(fresh.parts[0]);
  expect(committed.parts[1]).toBe(fresh.parts[1]);

  // The change request it was merged from, published as it is now: renamed since, renamed in the next answer.
  await patchChangeRequest(ctx, actor, space.id, changeRequest.id, { subject: 'Pages, renamed' });
  const renamed = await answer();
  expect(renamed.text).toBe(JSON.stringify(await getRevisionBundle(ctx, actor, space.id, revision)));
  expect(renamed.text).toContain('"subject":"Pages, renamed"');
}
