/**
 * How text is read word by word: Han, kana and hangul one character at a time (they have no
 * spaces between words), other letters and digits as whole words; punctuation is left out.
 */
const WIDE = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
// A word stops at a wide character: in "第0号" the digit is a word of its own.
const UNITS = new RegExp(`[${WIDE}]|(?:(?![${WIDE}])[\\p{L}\\p{N}])+`, 'gu');
const ONE_WIDE = new RegExp(`^[${WIDE}]$`, 'u');

export function textUnits(text: string): string[] {
  return text.match(UNITS) ?? [];
}

/** Whether a unit is one wide character (written without spaces around it). */
export function isWide(unit: string): boolean {
  return ONE_WIDE.test(unit);
}
