import { Type } from 'typebox';
import { EntityId } from './entity-id.ts';

/** The query of getChangeRequestPDF: `page` (a page id), and `only` (that page alone, not its descendants). */
export const ChangeRequestPdfQuery = Type.Object({
  only: Type.Optional(Type.Boolean({ description: 'print the page given by page alone, without the pages under it' })),
  page: Type.Optional(EntityId),
});

/** The answer of getChangeRequestPDF: where to download the PDF (with the caller's token). */
export const ChangeRequestPdfUrlSchema = Type.Object({ url: Type.String({ format: 'uri' }) });

/** The bytes of a printed PDF (`application/pdf`). */
export const PdfBytes = Type.Unsafe<unknown>({ description: 'the bytes of the PDF' });
