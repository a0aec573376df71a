// What the fast path's readers leave to the full path when they meet it in text: the page body's (tokens-to-hast.ts)
// and the OpenAPI descriptions' (src/render/openapi/fast-description.ts).

/**
 * In text, what micromark reads as something markdown-it does not (GFM autolink literals, strikethrough with one
 * tilde (two are read by both), math, backticks left unmatched (markdown-it and micromark pair them differently
 * after a `[`), Liquid tags inside a line, footnote calls), or what may be HTML an editor wrote as text; and
 * emphasis markers left unmatched (an asterisk, an underscore but between letters or digits), where the two may have
 * paired the others differently (`**"* a**s**`).
 */
export const unsupportedText = /\{%|[$~@`*]|www\.|:\/\/|mailto:|xmpp:|\[\^|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/iu;
/** The same in a link's text, where GFM reads no autolink literal (`[https://example.com](https://example.com)`). */
export const unsupportedLinkText = /\{%|[$~`*]|\[\^|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/u;
