import { Type } from 'typebox';
import type { PublishedContentUpdate } from '../../service/index.ts';
import { ChangeRequestSchema } from './change-request.ts';
import { FileSchema } from './revision.ts';

const PageRefSchema = Type.Object({ object: Type.Literal('page'), id: Type.String(), urls: Type.Object({ location: Type.String() }) });

/** `ChangeRequestContentUpdate`: what `updateChangeRequestContent` answers with `compat=false`. */
export const ContentUpdateSchema = Type.Unsafe<PublishedContentUpdate>(
  Type.Object({
    changeRequest: ChangeRequestSchema,
    changes: Type.Array(
      Type.Object({
        object: Type.String(),
        ref: Type.Optional(Type.String()),
        // A page reference for created and updated pages; the page's id for deleted ones.
        page: Type.Unsafe<unknown>({ anyOf: [PageRefSchema, { type: 'string' }] }),
      }),
    ),
    insertedFiles: Type.Optional(Type.Array(FileSchema)),
  }),
);
