// The marks of a text leaf, in one canonical order, so that equal formatting compares equal and merges.
import type { DocumentMarkColor, DocumentTextMark } from '@gitbook/api';
import { colorToken } from './color-token.ts';

export type SimpleMarkType = Exclude<DocumentTextMark['type'], 'color'>;

const order: readonly DocumentTextMark['type'][] = ['bold', 'italic', 'strikethrough', 'code', 'keyboard', 'superscript', 'subscript', 'color'];

export function simpleMark(type: SimpleMarkType): DocumentTextMark {
  return { object: 'mark', type } as DocumentTextMark;
}

/**
 * The colour mark for `<mark style="color:…;background-color:…">`, or `undefined` when neither colour is
 * one the palette holds (the text stays, unmarked).
 *
 * @example
 * colorMark('orange', undefined) // → { object: 'mark', type: 'color', data: { text: 'orange', background: 'default' } }
 */
export function colorMark(text: string | undefined, background: string | undefined): DocumentMarkColor | undefined {
  const data = { text: colorToken(text), background: colorToken(background) };
  if (data.text === 'default' && data.background === 'default') return undefined;
  return { object: 'mark', type: 'color', data };
}

/** `marks` once each (the innermost colour wins), in canonical order. */
export function normalizeMarks(marks: readonly DocumentTextMark[]): DocumentTextMark[] {
  const byType = new Map<DocumentTextMark['type'], DocumentTextMark>();
  for (const mark of marks) byType.set(mark.type, mark);
  return order.flatMap((type) => {
    const mark = byType.get(type);
    return mark ? [mark] : [];
  });
}

/** Whether two normalized mark lists are the same formatting. */
export function sameMarks(left: readonly DocumentTextMark[], right: readonly DocumentTextMark[]): boolean {
  return left.length === right.length && left.every((mark, index) => JSON.stringify(mark) === JSON.stringify(right[index]));
}
