/** How a syntax escapes attribute values: what `decode` turns the written text into, and back. */
export interface ValueSyntax {
  decode(written: string): string;
  /** Escapes a value for writing between double quotes. */
  encode(value: string): string;
}
