// Comments under random sequences of calls (fast-check), against a simple model: after every call the open
// counters of the space and of the change request equal the model's open comments, every list filter agrees
// with the model, reactions are unique per user per emoji, reply counts are right, and the comments of a
// deleted page stay readable with their target marked outdated.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import { authenticate, type Actor } from '../access/actor.ts';
import { bootstrap } from '../bootstrap.ts';
import { updateChangeRequestContent } from '../change-requests/change-request-content.ts';
import { createChangeRequest } from '../change-requests/change-requests.ts';
import {
  deleteComment,
  deleteCommentReply,
  getComment,
  listCommentReplies,
  listComments,
  postComment,
  postCommentReply,
  updateComment,
  updateCommentReply,
  type CommentPlace,
} from './comments.ts';
import { mergeChangeRequest } from '../change-requests/merge-change-request.ts';
import { mintApiToken } from '../tokens/mint-api-token.ts';
import { systemClock, type ServiceContext } from '../service-context.ts';
import { createSpace } from '../spaces/spaces.ts';
import { openTestStore } from '../test-store.fixture.ts';

let ctx: ServiceContext;
/** 0: the organization's admin; 1: a member with the `comment` role. */
let users: Actor[];
let organizationId: string;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestStore();
  dispose = opened.dispose;
  const started = await bootstrap(opened.store);
  ctx = { store: opened.store, clock: systemClock, baseUrl: 'http://127.0.0.1:8787' };
  organizationId = started.organization.id;
  const commenter = await mintApiToken(opened.store, { user: 'commenter@example.com', organization: organizationId, role: 'comment' });
  users = [await authenticate(opened.store, `Bearer ${started.token}`), await authenticate(opened.store, `Bearer ${commenter.token}`)];
});
afterAll(async () => {
  await dispose?.();
});

type Where = 'space' | 'changeRequest';
const emojis = ['👍', '🎉'] as const;

interface ModelReply {
  id: string;
  author: number;
}
interface ModelComment {
  id: string;
  where: Where;
  author: number;
  page: number | null;
  resolved: boolean;
  replies: ModelReply[];
  /** `${user}|${emoji}` */
  reactions: Set<string>;
}

type Step =
  | { kind: 'post'; where: Where; user: number; page: number | null }
  | { kind: 'reply'; comment: number; user: number }
  | { kind: 'resolve' | 'unresolve'; comment: number; user: number }
  | { kind: 'edit'; comment: number; user: number }
  | { kind: 'react' | 'unreact'; comment: number; user: number; emoji: number }
  | { kind: 'reactReply'; comment: number; reply: number; user: number; emoji: number }
  | { kind: 'deleteComment'; comment: number; user: number }
  | { kind: 'deleteReply'; comment: number; reply: number; user: number }
  | { kind: 'deletePage'; where: Where; page: number };

const where = fc.constantFrom<Where>('space', 'changeRequest');
const user = fc.nat(1);
const index = fc.nat(7);
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('post' as const), where, user, page: fc.option(fc.nat(1)) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('reply' as const), comment: index, user }), weight: 2 },
  // Resolving and deleting weigh more: a resolved comment deleted is where a counter goes wrong.
  { arbitrary: fc.record({ kind: fc.constantFrom('resolve' as const, 'unresolve' as const), comment: index, user }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('edit' as const), comment: index, user }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constantFrom('react' as const, 'unreact' as const), comment: index, user, emoji: fc.nat(1) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('reactReply' as const), comment: index, reply: index, user, emoji: fc.nat(1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deleteComment' as const), comment: index, user }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('deleteReply' as const), comment: index, reply: index, user }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deletePage' as const), where, page: fc.nat(1) }), weight: 1 },
);

/** A space with two pages and an open change request to discuss, made through the service. */
async function discussedSpace(): Promise<{ places: Record<Where, CommentPlace>; pages: string[] }> {
  const admin = users[0]!;
  const space = await createSpace(ctx, admin, organizationId, { title: 'Discussed' });
  const setup = await createChangeRequest(ctx, admin, space.id, { subject: 'Setup' });
  await updateChangeRequestContent(ctx, admin, space.id, setup.id, [
    { operation: 'insert_page', title: 'First', document: { markdown: 'One.\n' } },
    { operation: 'insert_page', title: 'Second', document: { markdown: 'Two.\n' } },
  ]);
  await mergeChangeRequest(ctx, admin, space.id, setup.id);
  const revision = await ctx.store.getRevision((await ctx.store.getSpace(space.id)).revisionId);
  const review = await createChangeRequest(ctx, admin, space.id, { subject: 'Review' });
  return { places: { space: { spaceId: space.id }, changeRequest: { spaceId: space.id, changeRequestId: review.id } }, pages: revision.pages.map((page) => page.id) };
}

async function deletePage(spaceId: string, changeRequestId: string | undefined, pageId: string): Promise<void> {
  const admin = users[0]!;
  if (changeRequestId !== undefined) {
    await updateChangeRequestContent(ctx, admin, spaceId, changeRequestId, [{ operation: 'delete_page', page: pageId }]);
    return;
  }
  const removal = await createChangeRequest(ctx, admin, spaceId, { subject: 'Remove' });
  await updateChangeRequestContent(ctx, admin, spaceId, removal.id, [{ operation: 'delete_page', page: pageId }]);
  await mergeChangeRequest(ctx, admin, spaceId, removal.id);
}

/** Runs `call`; when the model says it must be refused, expects exactly that refusal instead. */
async function expectOutcome(call: () => Promise<unknown>, refusal: 'PERMISSION_DENIED' | 'NOT_FOUND' | undefined): Promise<void> {
  if (refusal === undefined) {
    await call();
    return;
  }
  const error = await call().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isQuireError(error, refusal), `expected ${refusal}, got ${String(error)}`).toBe(true);
}

async function checkModel(places: Record<Where, CommentPlace>, pages: string[], model: ModelComment[], gone: Record<Where, Set<number>>): Promise<void> {
  const admin = users[0]!;
  const space = await ctx.store.getSpace(places.space.spaceId);
  const changeRequest = await ctx.store.getChangeRequest(places.space.spaceId, places.changeRequest.changeRequestId!);
  expect(space.comments).toBe(model.filter((comment) => comment.where === 'space' && !comment.resolved).length);
  expect(changeRequest.comments).toBe(model.filter((comment) => comment.where === 'changeRequest' && !comment.resolved).length);
  const sorted = (ids: string[]) => [...ids].sort();
  for (const place of ['space', 'changeRequest'] as const) {
    const mine = model.filter((comment) => comment.where === place);
    const listed = async (query: Parameters<typeof listComments>[3]) => sorted((await listComments(ctx, admin, places[place], query, { limit: 1000 })).items.map((item) => item.id));
    expect(await listed({})).toEqual(sorted(mine.map((comment) => comment.id)));
    expect(await listed({ status: 'open' })).toEqual(sorted(mine.filter((comment) => !comment.resolved).map((comment) => comment.id)));
    expect(await listed({ status: 'resolved' })).toEqual(sorted(mine.filter((comment) => comment.resolved).map((comment) => comment.id)));
    for (const [at, pageId] of pages.entries()) {
      expect(await listed({ targetPage: pageId })).toEqual(sorted(mine.filter((comment) => comment.page === at).map((comment) => comment.id)));
    }
    for (const [author, actor] of users.entries()) {
      expect(await listed({ authors: [actor.user.id] })).toEqual(sorted(mine.filter((comment) => comment.author === author).map((comment) => comment.id)));
    }
    for (const comment of mine) {
      const published = await getComment(ctx, admin, places[place], comment.id);
      expect(published.status).toBe(comment.resolved ? 'resolved' : 'open');
      expect(published.replies).toBe(comment.replies.length);
      const reactions = published.reactions.flatMap((reaction) => reaction.users.map((entry) => `${users.findIndex((actor) => actor.user.id === entry.user.id)}|${reaction.emoji}`));
      expect(new Set(reactions).size).toBe(reactions.length);
      expect(sorted(reactions)).toEqual(sorted([...comment.reactions]));
      for (const reaction of published.reactions) expect(reaction.count).toBe(reaction.users.length);
      if (comment.page !== null) expect(published.target.page).toMatchObject({ id: pages[comment.page], outdated: gone[place].has(comment.page) });
      const replies = await listCommentReplies(ctx, admin, places[place], comment.id, {}, { limit: 1000 });
      expect(replies.items.map((reply) => reply.id)).toEqual(comment.replies.map((reply) => reply.id));
    }
  }
}

it('keeps counters, filters, reactions and replies true under any sequence of calls', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
      const { places, pages } = await discussedSpace();
      const model: ModelComment[] = [];
      const gone: Record<Where, Set<number>> = { space: new Set(), changeRequest: new Set() };
      const pick = <T>(items: T[], at: number): T | undefined => items[at % Math.max(items.length, 1)];
      for (const each of steps) {
        if (each.kind === 'post') {
          const refusal = each.page !== null && gone[each.where].has(each.page) ? 'NOT_FOUND' : undefined;
          await expectOutcome(async () => {
            const posted = await postComment(ctx, users[each.user]!, places[each.where], { body: { markdown: 'A remark' }, ...(each.page === null ? {} : { page: pages[each.page]! }) });
            model.push({ id: posted.id, where: each.where, author: each.user, page: each.page, resolved: false, replies: [], reactions: new Set() });
          }, refusal);
        } else if (each.kind === 'deletePage') {
          if (!gone[each.where].has(each.page)) {
            await deletePage(places.space.spaceId, places[each.where].changeRequestId, pages[each.page]!);
            gone[each.where].add(each.page);
          }
        } else {
          const comment = pick(model, each.comment);
          if (comment === undefined) continue;
          const actor = users[each.user]!;
          const place = places[comment.where];
          switch (each.kind) {
            case 'reply': {
              const reply = await postCommentReply(ctx, actor, place, comment.id, { body: { markdown: 'Agreed' } });
              comment.replies.push({ id: reply.id, author: each.user });
              break;
            }
            case 'resolve':
            case 'unresolve':
              await updateComment(ctx, actor, place, comment.id, { resolved: each.kind === 'resolve' });
              comment.resolved = each.kind === 'resolve';
              break;
            case 'edit':
              await expectOutcome(() => updateComment(ctx, actor, place, comment.id, { body: { markdown: 'Edited' } }), comment.author === each.user ? undefined : 'PERMISSION_DENIED');
              break;
            case 'react':
            case 'unreact': {
              const emoji = emojis[each.emoji]!;
              await updateComment(ctx, actor, place, comment.id, each.kind === 'react' ? { addedReactions: [emoji, emoji] } : { removedReactions: [emoji] });
              if (each.kind === 'react') comment.reactions.add(`${each.user}|${emoji}`);
              else comment.reactions.delete(`${each.user}|${emoji}`);
              break;
            }
            case 'reactReply': {
              const reply = pick(comment.replies, each.reply);
              if (reply !== undefined) await updateCommentReply(ctx, actor, place, comment.id, reply.id, { addedReactions: [emojis[each.emoji]!] });
              break;
            }
            case 'deleteComment': {
              const allowed = each.user === 0 || comment.author === each.user;
              await expectOutcome(() => deleteComment(ctx, actor, place, comment.id), allowed ? undefined : 'PERMISSION_DENIED');
              if (allowed) model.splice(model.indexOf(comment), 1);
              break;
            }
            case 'deleteReply': {
              const reply = pick(comment.replies, each.reply);
              if (reply === undefined) break;
              const allowed = each.user === 0 || reply.author === each.user;
              await expectOutcome(() => deleteCommentReply(ctx, actor, place, comment.id, reply.id), allowed ? undefined : 'PERMISSION_DENIED');
              if (allowed) comment.replies.splice(comment.replies.indexOf(reply), 1);
              break;
            }
          }
        }
        await checkModel(places, pages, model, gone);
      }
    }),
    { numRuns: 40 },
  );
});
