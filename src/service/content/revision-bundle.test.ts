// The bundle answer the server sends (`getRevisionBundleJson`) is `JSON.stringify` of `getRevisionBundle`, byte for
// byte, whether its content was just serialized or kept from an earlier answer.
import { expect, it } from 'vitest';
import { createChangeRequest } from '../change-requests/change-requests.ts';
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

  const fresh = await getRevisionBundleJson(ctx, actor, space.id, revision);
  expect(fresh.toString()).toBe(JSON.stringify(await getRevisionBundle(ctx, actor, space.id, revision)));
  expect(fresh.toString()).toContain(`"${Buffer.from('PNG bytes').toString('base64')}"`);
  expect(cache.get(revision)).toBeDefined();
  expect((await getRevisionBundleJson(ctx, actor, space.id, revision)).toString()).toBe(fresh.toString());

  // The Git commit recorded since is in the revision of the next answer; the kept content is the same.
  await setRevisionGit(ctx, actor, space.id, revision, { oid: 'a'.repeat(40), message: 'Exported', createdByGitBook: false, ref: 'refs/heads/main' });
  const committed = await getRevisionBundleJson(ctx, actor, space.id, revision);
  expect(committed.toString()).toBe(JSON.stringify(await getRevisionBundle(ctx, actor, space.id, revision)));
  expect(committed.toString()).toContain('"message":"Exported"');
}
