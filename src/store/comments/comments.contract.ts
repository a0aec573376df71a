// The Store contract of comments, replies and reactions: comments.test.ts runs it on SQLite and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { isQuireError, type ErrorCode } from '../../errors/index.ts';
import { maxCommentBodyLength, spaceRetentionMs, type Store } from '../index.ts';
import { openStoreForEachTest, type TestClock, type StoreHarness } from '../store.contract.ts';

async function expectCode(promise: Promise<unknown>, code: ErrorCode): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isQuireError(error, code), `expected ${code}, got ${String(error)}`).toBe(true);
}

/**
 * Defines the comment contract tests for one Store implementation.
 *
 * @example
 * describeCommentStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeCommentStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Comment store contract (${name})`, () => {
    let store: Store;
    let clock: TestClock;
    openStoreForEachTest(name, makeHarness, (opened) => ({ store, clock } = opened));

    async function world() {
      const organization = await store.createOrganization({ title: 'Acme' });
      const ada = await store.createUser({ displayName: 'Ada' });
      const bob = await store.createUser({ displayName: 'Bob' });
      await store.putMember(organization.id, ada.id, { role: 'admin' });
      await store.putMember(organization.id, bob.id, { role: 'comment' });
      const space = await store.createSpace({ organizationId: organization.id, title: 'Docs' });
      return { organization, ada, bob, space };
    }

    it('posts, gets, lists and filters comments; the space counts its open ones', async () => {
      const { ada, bob, space } = await world();
      const scope = { spaceId: space.id };
      const first = await store.createComment({ ...scope, revisionId: space.revisionId, pageId: 'p1', nodeId: 'n1', tableCell: { record: 'r', definition: 'd' }, body: 'One', postedBy: ada.id });
      const second = await store.createComment({ ...scope, revisionId: space.revisionId, body: 'Two', postedBy: bob.id });
      expect(first).toMatchObject({ spaceId: space.id, revisionId: space.revisionId, pageId: 'p1', nodeId: 'n1', tableCell: { record: 'r', definition: 'd' }, body: 'One', replies: 0, repliers: [], reactions: [] });
      expect(first.postedBy.displayName).toBe('Ada');
      expect(first.resolved).toBeUndefined();
      expect(await store.getComment(scope, first.id)).toEqual(first);
      expect((await store.getSpace(space.id)).comments).toBe(2);

      const ids = async (filter: Parameters<Store['listComments']>[1]) => (await store.listComments(scope, filter)).items.map((comment) => comment.id);
      expect(await ids({})).toEqual([second.id, first.id]);
      expect(await ids({ order: 'asc' })).toEqual([first.id, second.id]);
      expect(await ids({ pageId: 'p1' })).toEqual([first.id]);
      expect(await ids({ authors: [bob.id] })).toEqual([second.id]);
      expect(await ids({ authors: [] })).toEqual([]);
      const page = await store.listComments(scope, {}, { limit: 1 });
      expect(page.count).toBe(2);
      expect((await store.listComments(scope, {}, { limit: 1, page: page.next!.page })).items.map((comment) => comment.id)).toEqual([first.id]);
      await expectCode(store.listComments(scope, { status: 'open' }, { page: page.next!.page }), 'INVALID_ARGUMENT');

      await expectCode(store.getComment(scope, 'missing'), 'NOT_FOUND');
      await expectCode(store.createComment({ spaceId: 'missing', revisionId: space.revisionId, body: 'x', postedBy: ada.id }), 'NOT_FOUND');
      await expectCode(store.createComment({ ...scope, revisionId: space.revisionId, body: 'x'.repeat(maxCommentBodyLength + 1), postedBy: ada.id }), 'INVALID_ARGUMENT');
      expect((await store.getSpace(space.id)).comments).toBe(2);
    });

    it('moves the open count once per real status change, and deleting a resolved comment leaves it', async () => {
      const { ada, bob, space } = await world();
      const scope = { spaceId: space.id };
      const comment = await store.createComment({ ...scope, revisionId: space.revisionId, body: 'Fix', postedBy: ada.id });
      const other = await store.createComment({ ...scope, revisionId: space.revisionId, body: 'Also', postedBy: ada.id });
      // Resolved by two writers at once: one of them changes it.
      await Promise.all([store.updateComment(scope, comment.id, { resolvedBy: bob.id }), store.updateComment(scope, comment.id, { resolvedBy: ada.id })]);
      expect((await store.getSpace(space.id)).comments).toBe(1);
      const resolved = await store.getComment(scope, comment.id);
      expect(resolved.resolved?.at).toBeDefined();
      expect((await store.listComments(scope, { status: 'resolved' })).items.map((item) => item.id)).toEqual([comment.id]);
      expect((await store.listComments(scope, { status: 'open' })).items.map((item) => item.id)).toEqual([other.id]);

      await store.updateComment(scope, comment.id, { resolvedBy: null });
      await store.updateComment(scope, comment.id, { resolvedBy: null });
      expect((await store.getSpace(space.id)).comments).toBe(2);
      await store.updateComment(scope, comment.id, { resolvedBy: bob.id });

      expect(await store.deleteComment(scope, comment.id)).toBe(true);
      expect((await store.getSpace(space.id)).comments).toBe(1);
      expect(await store.deleteComment(scope, comment.id)).toBe(false);
      expect(await store.deleteComment(scope, other.id)).toBe(true);
      expect((await store.getSpace(space.id)).comments).toBe(0);
    });

    it("keeps a change request's comments apart, counted on the change request", async () => {
      const { ada, space } = await world();
      const changeRequest = await store.createChangeRequest({ spaceId: space.id, createdBy: ada.id });
      const scope = { spaceId: space.id, changeRequestId: changeRequest.id };
      const comment = await store.createComment({ ...scope, revisionId: changeRequest.revision, body: 'Here', postedBy: ada.id });
      expect(comment.changeRequestId).toBe(changeRequest.id);
      expect((await store.getChangeRequest(space.id, changeRequest.id)).comments).toBe(1);
      expect((await store.getSpace(space.id)).comments).toBe(0);
      await expectCode(store.getComment({ spaceId: space.id }, comment.id), 'NOT_FOUND');
      expect(await store.deleteComment({ spaceId: space.id }, comment.id)).toBe(false);
      expect((await store.listComments({ spaceId: space.id })).count).toBe(0);
      await store.updateComment(scope, comment.id, { resolvedBy: ada.id });
      expect((await store.getChangeRequest(space.id, changeRequest.id)).comments).toBe(0);
      await expectCode(store.createComment({ spaceId: space.id, changeRequestId: 'missing', revisionId: space.revisionId, body: 'x', postedBy: ada.id }), 'NOT_FOUND');
    });

    it('keeps one reaction per user per emoji, on comments and replies, even when added at once', async () => {
      const { ada, bob, space } = await world();
      const scope = { spaceId: space.id };
      const comment = await store.createComment({ ...scope, revisionId: space.revisionId, body: 'React', postedBy: ada.id });
      await Promise.all([
        store.updateComment(scope, comment.id, { reactions: { userId: bob.id, added: ['👍'] } }),
        store.updateComment(scope, comment.id, { reactions: { userId: bob.id, added: ['👍', '👍'] } }),
      ]);
      const reacted = await store.updateComment(scope, comment.id, { reactions: { userId: ada.id, added: ['👍', '🇫🇷'] } });
      expect(reacted.reactions.map((reaction) => [reaction.emoji, reaction.users.map((user) => user.user.id)])).toEqual([
        ['👍', [bob.id, ada.id]],
        ['🇫🇷', [ada.id]],
      ]);
      const removed = await store.updateComment(scope, comment.id, { reactions: { userId: bob.id, removed: ['👍', '🎉'] } });
      // Emojis go by their earliest remaining reaction (Ada's two share a time: then by emoji).
      expect(removed.reactions.map((reaction) => [reaction.emoji, reaction.users.length])).toEqual([
        ['🇫🇷', 1],
        ['👍', 1],
      ]);
      await expectCode(store.updateComment(scope, comment.id, { reactions: { userId: bob.id, added: ['thumbs'] } }), 'INVALID_ARGUMENT');

      const reply = await store.createCommentReply(scope, comment.id, { body: 'Reply', postedBy: bob.id });
      const replyReacted = await store.updateCommentReply(scope, comment.id, reply.id, { body: 'Reply, edited', reactions: { userId: ada.id, added: ['🎉'] } });
      expect(replyReacted).toMatchObject({ body: 'Reply, edited', reactions: [{ emoji: '🎉' }] });
      expect(replyReacted.editedAt).toBeDefined();
      // The comment's reactions and the reply's are apart.
      expect((await store.getComment(scope, comment.id)).reactions.map((reaction) => reaction.emoji)).toEqual(['🇫🇷', '👍']);
      expect(await store.deleteCommentReply(scope, comment.id, reply.id)).toBe(true);
      const again = await store.createCommentReply(scope, comment.id, { body: 'Again', postedBy: bob.id });
      expect(again.reactions).toEqual([]);
    });

    it('counts replies and repliers, lists replies oldest first, and lists commenters who are members', async () => {
      const { organization, ada, bob, space } = await world();
      const carol = await store.createUser({ displayName: 'Carol' });
      const scope = { spaceId: space.id };
      const comment = await store.createComment({ ...scope, revisionId: space.revisionId, body: 'Thread', postedBy: ada.id });
      const one = await store.createCommentReply(scope, comment.id, { body: 'One', postedBy: bob.id });
      const two = await store.createCommentReply(scope, comment.id, { body: 'Two', postedBy: bob.id });
      await store.createCommentReply(scope, comment.id, { body: 'Three', postedBy: carol.id });
      const counted = await store.getComment(scope, comment.id);
      expect(counted.replies).toBe(3);
      expect(counted.repliers.map((replier) => [replier.user.id, replier.count])).toEqual([
        [carol.id, 1],
        [bob.id, 2],
      ]);
      const replies = await store.listCommentReplies(scope, comment.id, { limit: 2 });
      expect(replies.items.map((reply) => reply.id)).toEqual([one.id, two.id]);
      expect(replies.count).toBe(3);
      expect(await store.getCommentReply(scope, comment.id, one.id)).toMatchObject({ body: 'One', commentId: comment.id });
      await expectCode(store.getCommentReply(scope, 'missing', one.id), 'NOT_FOUND');
      await expectCode(store.getCommentReply(scope, comment.id, 'missing'), 'NOT_FOUND');

      // Carol replied but is not a member: not an OrganizationMember to list.
      const commenters = await store.listCommenters(scope, organization.id);
      expect(commenters.items.map((member) => member.user.id).sort()).toEqual([ada.id, bob.id].sort());
      expect(commenters.count).toBe(2);
      // Whole memberships, as getMember reads them, by user id.
      expect(commenters.items).toEqual(await Promise.all([ada.id, bob.id].sort().map((id) => store.getMember(organization.id, id))));
      expect(await store.deleteCommentReply(scope, comment.id, two.id)).toBe(true);
      expect(await store.deleteCommentReply(scope, comment.id, two.id)).toBe(false);
      expect((await store.getComment(scope, comment.id)).replies).toBe(2);
    });

    it('keeps the comments of a soft-deleted space, and removes them with the space when it is purged', async () => {
      const { ada, space } = await world();
      const scope = { spaceId: space.id };
      const changeRequest = await store.createChangeRequest({ spaceId: space.id, createdBy: ada.id });
      const comment = await store.createComment({ ...scope, revisionId: space.revisionId, body: 'Keep', postedBy: ada.id });
      await store.createCommentReply(scope, comment.id, { body: 'Reply', postedBy: ada.id });
      await store.updateComment(scope, comment.id, { reactions: { userId: ada.id, added: ['👍'] } });
      await store.createComment({ spaceId: space.id, changeRequestId: changeRequest.id, revisionId: changeRequest.revision, body: 'CR', postedBy: ada.id });
      await store.deleteSpace(space.id);
      expect((await store.getComment(scope, comment.id)).replies).toBe(1);
      clock.advance(spaceRetentionMs + 1000);
      expect(await store.purgeDeletedSpaces()).toBe(1);
      await expectCode(store.getComment(scope, comment.id), 'NOT_FOUND');
      expect((await store.listComments(scope)).count).toBe(0);
      expect((await store.listComments({ spaceId: space.id, changeRequestId: changeRequest.id })).count).toBe(0);
    });
  });
}
