/**
 * Where JSON text stops being JSON (RFC 8259): the offset of the first character that cannot continue it, or
 * `undefined` when it is valid. `JSON.parse` says this only in some of its messages; this scanner says it always,
 * so a usage error can name the line and column. Only run once `JSON.parse` has failed.
 *
 * @example
 * jsonSyntaxPosition('{"a": }') // → 6
 */
export function jsonSyntaxPosition(text: string): number | undefined {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxPosition(at);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const literal = (word: string) => {
    for (const char of word) {
      if (text[at] !== char) fail();
      at++;
    }
  };
  const string = () => {
    at++;
    for (;;) {
      const char = text[at];
      if (char === undefined || char < ' ') fail();
      if (char === '"') break;
      if (char === '\\') {
        at++;
        if (text[at] === 'u') {
          for (let digit = 1; digit <= 4; digit++) {
            if (/[0-9a-fA-F]/.test(text[at + digit] ?? '')) continue;
            at += digit;
            fail();
          }
          at += 4;
        } else if ('"\\/bfnrt'.includes(text[at] ?? 'x')) at++;
        else fail();
      } else at++;
    }
    at++;
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at));
    if (!match) fail();
    at += match![0].length;
  };
  const value = (depth: number): void => {
    if (depth > 10000) fail();
    space();
    const char = text[at];
    if (char === '{') {
      at++;
      space();
      if (text[at] === '}') return void at++;
      for (;;) {
        space();
        if (text[at] !== '"') fail();
        string();
        space();
        if (text[at] !== ':') fail();
        at++;
        value(depth + 1);
        space();
        if (text[at] === ',') at++;
        else if (text[at] === '}') return void at++;
        else fail();
      }
    }
    if (char === '[') {
      at++;
      space();
      if (text[at] === ']') return void at++;
      for (;;) {
        value(depth + 1);
        space();
        if (text[at] === ',') at++;
        else if (text[at] === ']') return void at++;
        else fail();
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    fail();
  };
  try {
    value(0);
    space();
    if (at < text.length) fail();
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxPosition) return error.offset;
    throw error;
  }
}

class SyntaxPosition extends Error {
  constructor(readonly offset: number) {
    super(`invalid JSON at offset ${offset}`);
  }
}

/** The 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}
