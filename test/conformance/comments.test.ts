import type { Comment, GitBookAPI } from '@gitbook/api';
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { mergeChanges, newSpace, pageIdOf, writeChanges } from './content-fixture.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

/** A space with one page ("Guide"), written and merged through the API. */
async function spaceWithPage(server: ConformanceServer, title: string): Promise<{ spaceId: string; pageId: string }> {
  const space = await newSpace(server, title);
  const { update } = await mergeChanges(server.client(), space.id, 'Setup', [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'See [Guide](README.md).\n' } }]);
  return { spaceId: space.id, pageId: pageIdOf(update, 0) };
}

async function openComments(api: GitBookAPI, spaceId: string): Promise<number> {
  return (await api.spaces.getSpaceById(spaceId)).data.comments;
}

/** Tokens of members with the `comment`, `read` and `edit` roles (the default level of a space inherits the role). */
async function members(server: ConformanceServer, tag: string) {
  const organization = server.admin.organization.id;
  return {
    commenter: server.client(await server.tokenFor({ user: `commenter-${tag}@example.com`, organization, role: 'comment' })),
    other: server.client(await server.tokenFor({ user: `other-${tag}@example.com`, organization, role: 'comment' })),
    reader: server.client(await server.tokenFor({ user: `reader-${tag}@example.com`, organization, role: 'read' })),
  };
}

describeConformance('comments', (world) => {
  it('posts, reads, lists and filters comments of a space; Space.comments counts the open ones', async () => {
    const server = world();
    const api = server.client();
    const { spaceId, pageId } = await spaceWithPage(server, 'Discussed');
    const { commenter } = await members(server, 'a');

    const { data: first } = await api.spaces.postCommentInSpace(spaceId, { body: { markdown: 'Is this **still** true?' }, page: pageId, node: 'n1' });
    expect(first).toMatchObject({ object: 'comment', status: 'open', replies: 0, repliers: [], reactions: [], body: { markdown: 'Is this **still** true?' } });
    expect(first.target).toMatchObject({ space: spaceId, page: { id: pageId }, node: { id: 'n1' } });
    expect(first.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    const { data: second } = await commenter.spaces.postCommentInSpace(spaceId, { body: { markdown: 'General remark' } });
    expect(second.postedBy.id).not.toBe(first.postedBy.id);
    expect(second.target.page).toBeUndefined();
    expect(await openComments(api, spaceId)).toBe(2);

    const { data: got } = await api.spaces.getCommentInSpace(spaceId, first.id, { format: 'document' });
    expect('document' in got.body && got.body.document.object).toBe('document');
    // Seen by someone else, the permissions say what they may do with it.
    const { data: seen } = await commenter.spaces.getCommentInSpace(spaceId, first.id);
    expect(seen.permissions).toEqual({ view: true, edit: false, reply: true, delete: false });

    const ids = async (query: Parameters<GitBookAPI['spaces']['listCommentsInSpace']>[1]) => (await api.spaces.listCommentsInSpace(spaceId, query)).data.items.map((item: Comment) => item.id);
    expect(await ids({})).toEqual([second.id, first.id]);
    expect(await ids({ order: 'asc' })).toEqual([first.id, second.id]);
    expect(await ids({ targetPage: pageId })).toEqual([first.id]);
    expect(await ids({ authors: [second.postedBy.id] })).toEqual([second.id]);
    expect(await ids({ authors: [second.postedBy.id, first.postedBy.id] })).toEqual([second.id, first.id]);

    const { data: resolved } = await commenter.spaces.updateCommentInSpace(spaceId, first.id, { resolved: true });
    expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { id: second.postedBy.id } });
    expect(await openComments(api, spaceId)).toBe(1);
    expect(await ids({ status: 'open' })).toEqual([second.id]);
    expect(await ids({ status: 'resolved' })).toEqual([first.id]);
    // Resolving twice changes nothing; reopening counts it again.
    await api.spaces.updateCommentInSpace(spaceId, first.id, { resolved: true });
    expect(await openComments(api, spaceId)).toBe(1);
    const { data: reopened } = await api.spaces.updateCommentInSpace(spaceId, first.id, { resolved: false });
    expect(reopened.status).toBe('open');
    expect('resolvedAt' in reopened).toBe(false);
    expect(await openComments(api, spaceId)).toBe(2);

    const { data: page } = await api.spaces.listCommentsInSpace(spaceId, { limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.count).toBe(2);
    const { data: rest } = await api.spaces.listCommentsInSpace(spaceId, { limit: 1, page: page.next!.page });
    expect(rest.items.map((item) => item.id)).toEqual([first.id]);
  });

  it('edits bodies (author only), reacts once per user per emoji, replies, and deletes (205, then 204)', async () => {
    const server = world();
    const api = server.client();
    const { spaceId } = await spaceWithPage(server, 'Threads');
    const { commenter, other } = await members(server, 'b');
    const { data: comment } = await commenter.spaces.postCommentInSpace(spaceId, { body: { markdown: 'Typo in step 2' } });

    const { data: edited } = await commenter.spaces.updateCommentInSpace(spaceId, comment.id, { body: { markdown: 'Typo in step 3' } });
    expect(edited.body).toEqual({ markdown: 'Typo in step 3' });
    expect(edited.editedAt).toBeDefined();
    expect(await statusOf(other.spaces.updateCommentInSpace(spaceId, comment.id, { body: { markdown: 'Hijacked' } }))).toBe(403);
    expect(await statusOf(api.spaces.updateCommentInSpace(spaceId, comment.id, { body: { markdown: 'Even admins' } }))).toBe(403);

    await other.spaces.updateCommentInSpace(spaceId, comment.id, { addedReactions: ['👍', '👍', '🎉'] });
    const { data: reacted } = await commenter.spaces.updateCommentInSpace(spaceId, comment.id, { addedReactions: ['👍'] });
    // Reactions made in one request share their time; ties go by emoji.
    expect(reacted.reactions.map((reaction) => [reaction.emoji, reaction.count])).toEqual([
      ['🎉', 1],
      ['👍', 2],
    ]);
    const { data: unreacted } = await other.spaces.updateCommentInSpace(spaceId, comment.id, { removedReactions: ['👍', '🚀'] });
    expect(unreacted.reactions.map((reaction) => [reaction.emoji, reaction.count])).toEqual([
      ['🎉', 1],
      ['👍', 1],
    ]);

    const { data: reply } = await other.spaces.postCommentReplyInSpace(spaceId, comment.id, { body: { markdown: 'Fixed.' } });
    expect(reply).toMatchObject({ object: 'comment-reply', body: { markdown: 'Fixed.' }, permissions: { edit: true, delete: true } });
    await commenter.spaces.postCommentReplyInSpace(spaceId, comment.id, { body: { markdown: 'Thanks!' } });
    const { data: withReplies } = await api.spaces.getCommentInSpace(spaceId, comment.id);
    expect(withReplies.replies).toBe(2);
    expect(withReplies.repliers.map((replier) => replier.count)).toEqual([1, 1]);
    const { data: replies } = await api.spaces.listCommentRepliesInSpace(spaceId, comment.id);
    expect(replies.items.map((item) => item.body)).toEqual([{ markdown: 'Fixed.' }, { markdown: 'Thanks!' }]);
    expect((await api.spaces.getCommentReplyInSpace(spaceId, comment.id, reply.id, { format: 'document' })).data.body).toHaveProperty('document');
    const { data: replyEdited } = await other.spaces.updateCommentReplyInSpace(spaceId, comment.id, reply.id, { body: { markdown: 'Fixed in #3.' }, addedReactions: ['✅'] });
    expect(replyEdited).toMatchObject({ body: { markdown: 'Fixed in #3.' }, reactions: [{ emoji: '✅', count: 1 }] });
    expect(await statusOf(commenter.spaces.updateCommentReplyInSpace(spaceId, comment.id, reply.id, { body: { markdown: 'No' } }))).toBe(403);
    expect(await statusOf(commenter.spaces.deleteCommentReplyInSpace(spaceId, comment.id, reply.id))).toBe(403);

    const { data: commenters } = await api.spaces.listCommentersInSpace(spaceId);
    expect(commenters.items.map((member) => member.user.id).sort()).toEqual([comment.postedBy.id, reply.postedBy.id].sort());
    expect(commenters.items[0]).toMatchObject({ object: 'member', role: 'comment' });

    expect((await other.spaces.deleteCommentReplyInSpace(spaceId, comment.id, reply.id)).status).toBe(205);
    expect((await other.spaces.deleteCommentReplyInSpace(spaceId, comment.id, reply.id)).status).toBe(204);
    expect(await statusOf(api.spaces.getCommentReplyInSpace(spaceId, comment.id, reply.id))).toBe(404);
    expect((await api.spaces.getCommentInSpace(spaceId, comment.id)).data.replies).toBe(1);

    expect(await statusOf(other.spaces.deleteCommentInSpace(spaceId, comment.id))).toBe(403);
    // An admin of the space may delete anyone's comment.
    expect((await api.spaces.deleteCommentInSpace(spaceId, comment.id)).status).toBe(205);
    expect((await api.spaces.deleteCommentInSpace(spaceId, comment.id)).status).toBe(204);
    expect(await statusOf(api.spaces.getCommentInSpace(spaceId, comment.id))).toBe(404);
    expect(await openComments(api, spaceId)).toBe(0);
  });

  it('lets readers read but not post, reply, react or resolve (403), and hides spaces they cannot see (404)', async () => {
    const server = world();
    const api = server.client();
    const { spaceId } = await spaceWithPage(server, 'Read only');
    const { reader } = await members(server, 'c');
    const { data: comment } = await api.spaces.postCommentInSpace(spaceId, { body: { markdown: 'Admin note' } });

    const { data: seen } = await reader.spaces.getCommentInSpace(spaceId, comment.id);
    expect(seen.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    expect((await reader.spaces.listCommentsInSpace(spaceId)).data.count).toBe(1);
    expect(await statusOf(reader.spaces.postCommentInSpace(spaceId, { body: { markdown: 'Me too' } }))).toBe(403);
    expect(await statusOf(reader.spaces.postCommentReplyInSpace(spaceId, comment.id, { body: { markdown: 'Me too' } }))).toBe(403);
    expect(await statusOf(reader.spaces.updateCommentInSpace(spaceId, comment.id, { addedReactions: ['👍'] }))).toBe(403);
    expect(await statusOf(reader.spaces.updateCommentInSpace(spaceId, comment.id, { resolved: true }))).toBe(403);
    expect(await statusOf(reader.spaces.deleteCommentInSpace(spaceId, comment.id))).toBe(403);

    // A space hidden from members (default level null) does not exist for them.
    await api.spaces.updateSpaceById(spaceId, { defaultLevel: null } as never);
    expect(await statusOf(reader.spaces.listCommentsInSpace(spaceId))).toBe(404);
    expect(await statusOf(reader.spaces.getCommentInSpace(spaceId, comment.id))).toBe(404);
    expect(await statusOf(api.spaces.getCommentInSpace(spaceId, 'missing'))).toBe(404);
    expect(await statusOf(api.spaces.listCommentsInSpace('missing'))).toBe(404);
  });

  it('keeps the comments of a deleted page readable, their target marked outdated, and of a restored space', async () => {
    const server = world();
    const api = server.client();
    const { spaceId, pageId } = await spaceWithPage(server, 'Pages go');
    const { data: comment } = await api.spaces.postCommentInSpace(spaceId, { body: { markdown: 'About this page' }, page: pageId });
    expect(comment.target.page).toMatchObject({ id: pageId, title: 'Guide', outdated: false });
    expect(await statusOf(api.spaces.postCommentInSpace(spaceId, { body: { markdown: 'x' }, page: 'nope' }))).toBe(404);

    await mergeChanges(api, spaceId, 'Remove', [{ operation: 'delete_page', page: pageId }]);
    const { data: after } = await api.spaces.getCommentInSpace(spaceId, comment.id);
    expect(after.target).toMatchObject({ page: { id: pageId, title: 'Guide', outdated: true }, revision: comment.target.revision });
    expect((await api.spaces.listCommentsInSpace(spaceId, { targetPage: pageId })).data.items).toHaveLength(1);
    expect(await openComments(api, spaceId)).toBe(1);

    // A deleted space hides its discussion; restored, the discussion is back as it was.
    await api.spaces.deleteSpaceById(spaceId);
    expect(await statusOf(api.spaces.getCommentInSpace(spaceId, comment.id))).toBe(404);
    await api.spaces.restoreSpace(spaceId);
    expect((await api.spaces.getCommentInSpace(spaceId, comment.id)).data.body).toEqual({ markdown: 'About this page' });
    expect(await openComments(api, spaceId)).toBe(1);
  });

  it('has the same discussion on a change request, counted on the change request, not the space', async () => {
    const server = world();
    const api = server.client();
    const { spaceId, pageId } = await spaceWithPage(server, 'Review');
    const { commenter } = await members(server, 'd');
    const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject: 'Rewrite' });
    const update = await writeChanges(api, spaceId, changeRequest.id, [{ operation: 'insert_page', title: 'New', document: { markdown: 'Draft.\n' } }]);
    const newPage = pageIdOf(update, 0);

    const { data: comment } = await commenter.spaces.postCommentInChangeRequest(spaceId, changeRequest.id, { body: { markdown: 'Needs a diagram' }, page: newPage });
    expect(comment.target).toMatchObject({ changeRequest: changeRequest.id, page: { id: newPage, outdated: false } });
    await api.spaces.postCommentInChangeRequest(spaceId, changeRequest.id, { body: { markdown: 'On the old page' }, page: pageId });
    expect((await api.spaces.getChangeRequestById(spaceId, changeRequest.id)).data.comments).toBe(2);
    expect(await openComments(api, spaceId)).toBe(0);
    // A change request's comments are not the space's, nor the reverse.
    expect(await statusOf(api.spaces.getCommentInSpace(spaceId, comment.id))).toBe(404);
    expect((await api.spaces.listCommentsInSpace(spaceId)).data.count).toBe(0);

    expect((await api.spaces.getCommentInChangeRequest(spaceId, changeRequest.id, comment.id, { format: 'markdown' })).data.id).toBe(comment.id);
    expect((await api.spaces.listCommentsInChangeRequest(spaceId, changeRequest.id, { status: 'open', targetPage: newPage })).data.items.map((item) => item.id)).toEqual([comment.id]);
    await api.spaces.updateCommentInChangeRequest(spaceId, changeRequest.id, comment.id, { resolved: true, addedReactions: ['👀'] });
    expect((await api.spaces.getChangeRequestById(spaceId, changeRequest.id)).data.comments).toBe(1);

    const { data: reply } = await api.spaces.postCommentReplyInChangeRequest(spaceId, changeRequest.id, comment.id, { body: { markdown: 'Added.' } });
    expect((await api.spaces.getCommentReplyInChangeRequest(spaceId, changeRequest.id, comment.id, reply.id)).data.id).toBe(reply.id);
    expect((await api.spaces.updateCommentReplyInChangeRequest(spaceId, changeRequest.id, comment.id, reply.id, { addedReactions: ['🎉'] })).data.reactions).toHaveLength(1);
    expect((await api.spaces.listCommentRepliesInChangeRequest(spaceId, changeRequest.id, comment.id)).data.count).toBe(1);
    expect((await api.spaces.listCommentersInChangeRequest(spaceId, changeRequest.id)).data.count).toBe(2);
    expect((await api.spaces.deleteCommentReplyInChangeRequest(spaceId, changeRequest.id, comment.id, reply.id)).status).toBe(205);

    // Deleting the resolved comment leaves the open count alone; deleting the open one lowers it.
    expect((await commenter.spaces.deleteCommentInChangeRequest(spaceId, changeRequest.id, comment.id)).status).toBe(205);
    expect((await api.spaces.getChangeRequestById(spaceId, changeRequest.id)).data.comments).toBe(1);
    const { data: left } = await api.spaces.listCommentsInChangeRequest(spaceId, changeRequest.id);
    expect((await api.spaces.deleteCommentInChangeRequest(spaceId, changeRequest.id, left.items[0]!.id)).status).toBe(205);
    expect((await api.spaces.getChangeRequestById(spaceId, changeRequest.id)).data.comments).toBe(0);
    expect(await statusOf(api.spaces.listCommentsInChangeRequest(spaceId, 'missing'))).toBe(404);
  });

  it('answers bad input with 400 naming the field, and stores nothing', async () => {
    const server = world();
    const { spaceId } = await spaceWithPage(server, 'Bad input');
    const { data: comment } = await server.client().spaces.postCommentInSpace(spaceId, { body: { markdown: 'Fine' } });
    const cases: [string, string, unknown, string][] = [
      ['POST', `/v1/spaces/${spaceId}/comments`, {}, 'body/body'],
      ['POST', `/v1/spaces/${spaceId}/comments`, { body: { markdown: 42 } }, 'body/body/markdown'],
      ['POST', `/v1/spaces/${spaceId}/comments`, { body: { markdown: 'x' }, colour: 'red' }, 'body/colour'],
      ['POST', `/v1/spaces/${spaceId}/comments`, { body: { document: { object: 'document', data: {}, nodes: [] } } }, 'body/document'],
      ['POST', `/v1/spaces/${spaceId}/comments`, { body: { markdown: 'x' }, node: 'n1' }, 'node'],
      ['POST', `/v1/spaces/${spaceId}/comments`, { body: { markdown: 'bell \u0007' } }, 'body/body/markdown'],
      ['PUT', `/v1/spaces/${spaceId}/comments/${comment.id}`, { resolved: 'yes' }, 'body/resolved'],
      ['PUT', `/v1/spaces/${spaceId}/comments/${comment.id}`, { addedReactions: ['not an emoji'] }, 'addedReactions/0'],
      ['PUT', `/v1/spaces/${spaceId}/comments/${comment.id}`, { removedReactions: [7] }, 'body/removedReactions/0'],
      ['POST', `/v1/spaces/${spaceId}/comments/${comment.id}/replies`, { body: {}, extra: true }, 'body/extra'],
      ['GET', `/v1/spaces/${spaceId}/comments?status=closed`, undefined, 'query/status'],
      ['GET', `/v1/spaces/${spaceId}/comments?order=up`, undefined, 'query/order'],
      ['GET', `/v1/spaces/${spaceId}/comments?limit=5000`, undefined, 'query/limit'],
      ['GET', `/v1/spaces/${spaceId}/comments?page=forged`, undefined, 'page'],
      ['GET', `/v1/spaces/${spaceId}/comments/${comment.id}?format=html`, undefined, 'query/format'],
    ];
    for (const [method, path, body, field] of cases) {
      const response = await server.request(method, path, body === undefined ? {} : { body });
      const text = await response.text();
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}: ${text}`).toBe(400);
      expect((JSON.parse(text) as { error: { message: string } }).error.message).toContain(field);
    }
    const { data: list } = await server.client().spaces.listCommentsInSpace(spaceId);
    expect(list.items.map((item) => [item.id, item.body, item.reactions])).toEqual([[comment.id, { markdown: 'Fine' }, []]]);
    expect((await server.client().spaces.getSpaceById(spaceId)).data.comments).toBe(1);
  });

  it('checked every comment operation against the published schemas', () => {
    const operations = [
      'listCommentsInSpace',
      'postCommentInSpace',
      'getCommentInSpace',
      'updateCommentInSpace',
      'deleteCommentInSpace',
      'listCommentRepliesInSpace',
      'postCommentReplyInSpace',
      'getCommentReplyInSpace',
      'updateCommentReplyInSpace',
      'deleteCommentReplyInSpace',
      'listCommentersInSpace',
    ];
    expect([...world().validator.operationIds]).toEqual(expect.arrayContaining([...operations, ...operations.map((id) => id.replace('InSpace', 'InChangeRequest'))]));
  });
});
