import { Type } from 'typebox';
import type { PublishedFile, PublishedJsonDocument, PublishedPage, PublishedReusableContent, PublishedRevision } from '../../service/index.ts';
import { ChangeRequestSchema } from './change-request.ts';
import { FreeObject } from './free-object.ts';

const Timestamp = Type.String({ format: 'date-time' });

/** `GitSyncBlob`: the Git blob a page, file or reusable content came from. */
export const GitBlobSchema = Type.Object({ oid: Type.String(), path: Type.String() });

/** `GitSyncCommit`: the Git commit a revision corresponds to. */
export const GitCommitSchema = Type.Object({
  oid: Type.String(),
  message: Type.String(),
  createdByGitBook: Type.Boolean(),
  url: Type.Optional(Type.String()),
  ref: Type.Optional(Type.String()),
});

/** `JSONDocument`. */
export const JsonDocumentSchema = Type.Unsafe<PublishedJsonDocument>({
  type: 'object',
  required: ['object', 'data', 'nodes'],
  properties: { object: { type: 'string' }, data: { type: 'object', additionalProperties: true }, nodes: { type: 'array', items: { type: 'object', additionalProperties: true } } },
});

/**
 * `RevisionPage`, its four variants (document, group, link, computed) in one object whose fields are the union
 * of theirs, and whose `pages` are pages again (a cyclic schema): the serializer emits the fields a page has.
 */
export const PageSchema = Type.Unsafe<PublishedPage>(
  Type.Cyclic(
    {
      QuireRevisionPage: Type.Object({
        id: Type.String(),
        title: Type.String(),
        linkTitle: Type.Optional(Type.String()),
        emoji: Type.Optional(Type.String()),
        icon: Type.Optional(Type.String()),
        createdAt: Type.Optional(Timestamp),
        updatedAt: Type.Optional(Timestamp),
        condition: Type.Optional(Type.String()),
        kind: Type.Optional(Type.String()),
        type: Type.String(),
        urls: Type.Optional(Type.Object({ app: Type.String() })),
        slug: Type.Optional(Type.String()),
        path: Type.Optional(Type.String()),
        description: Type.Optional(Type.String()),
        pages: Type.Optional(Type.Array(Type.Ref('QuireRevisionPage'))),
        git: Type.Optional(GitBlobSchema),
        layout: Type.Optional(FreeObject),
        cover: Type.Optional(FreeObject),
        variables: Type.Optional(FreeObject),
        hidden: Type.Optional(Type.Boolean()),
        noIndex: Type.Optional(Type.Boolean()),
        noRobotsIndex: Type.Optional(Type.Boolean()),
        metaLinks: Type.Optional(FreeObject),
        tags: Type.Optional(Type.Array(FreeObject)),
        computed: Type.Optional(FreeObject),
        computedSeed: Type.Optional(Type.String()),
        documentId: Type.Optional(Type.String()),
        markdown: Type.Optional(Type.String()),
        document: Type.Optional(FreeObject),
        target: Type.Optional(FreeObject),
        href: Type.Optional(Type.String()),
      }),
    },
    'QuireRevisionPage',
  ),
);

/** `{ pages }`: the page tree of a revision (listPages and its variants). */
export const PageListSchema = Type.Object({ pages: Type.Array(PageSchema) });

/** `RevisionFile`, with a `downloadURL` the service serves. */
export const FileSchema = Type.Unsafe<PublishedFile>(
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    contentType: Type.String(),
    downloadURL: Type.String(),
    size: Type.Number(),
    dimensions: Type.Optional(Type.Object({ width: Type.Number(), height: Type.Number() })),
    git: Type.Optional(GitBlobSchema),
  }),
);

/** `RevisionReusableContent`: `document` is the id of its body. */
export const ReusableContentSchema = Type.Unsafe<PublishedReusableContent>(
  Type.Object({
    id: Type.String(),
    title: Type.String(),
    git: Type.Optional(GitBlobSchema),
    document: Type.Optional(Type.String()),
    computed: Type.Optional(FreeObject),
    computedSeed: Type.Optional(Type.String()),
  }),
);

/** `Revision` (the `edits`, `merge` and `update` variants; `mergedFrom` on a merge). */
export const RevisionSchema = Type.Unsafe<PublishedRevision>(
  Type.Object({
    object: Type.Literal('revision'),
    id: Type.String(),
    parents: Type.Array(Type.String()),
    pages: Type.Array(PageSchema),
    files: Type.Array(FileSchema),
    reusableContents: Type.Array(ReusableContentSchema),
    tags: Type.Array(FreeObject),
    variables: Type.Optional(FreeObject),
    createdAt: Timestamp,
    git: Type.Optional(GitCommitSchema),
    urls: Type.Object({ app: Type.String(), published: Type.Optional(Type.String()), public: Type.Optional(Type.String()) }),
    type: Type.String(),
    mergedFrom: Type.Optional(ChangeRequestSchema),
  }),
);
