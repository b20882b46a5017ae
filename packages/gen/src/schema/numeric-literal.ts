const DIGITS = String.raw`\d+(?:_\d+)*`;
const HEX = '0[xX][0-9a-fA-F]+(?:_[0-9a-fA-F]+)*';
const OCTAL = '0[oO][0-7]+(?:_[0-7]+)*';
const BINARY = '0[bB][01]+(?:_[01]+)*';
const DECIMAL = String.raw`(?:${DIGITS}(?:\.(?:${DIGITS})?)?|\.${DIGITS})(?:[eE][+-]?${DIGITS})?`;
const NUMBER = new RegExp(`^[+-]?(?:${HEX}|${OCTAL}|${BINARY}|${DECIMAL})$`);
const BIGINT = new RegExp(`^-?(?:${HEX}|${OCTAL}|${BINARY}|${DIGITS})n$`);

/**
 * The value JavaScript gives a numeric literal written in any spelling TypeScript allows (`1e-7`, `1e21`, `0x1F`,
 * `0o17`, `0b101`, `1_000`, `.5`, `-0`, `10n`), with an optional sign. Undefined when the text is no such literal.
 * A bigint is read as a number when one holds it exactly, else as NaN (which no JSON can carry).
 */
export function numericLiteralValue(text: string): number | undefined {
  if (BIGINT.test(text)) {
    const negative = text.startsWith('-');
    const value = BigInt(text.slice(negative ? 1 : 0, -1).replace(/_/g, ''));
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) return Number.NaN;
    return Number(negative ? -value : value);
  }
  if (!NUMBER.test(text)) return undefined;
  const sign = text.startsWith('-') ? -1 : 1;
  // Number reads every unsigned spelling but with separators, and no signed hex, octal or binary.
  return sign * Number(text.replace(/^[+-]/, '').replace(/_/g, ''));
}
