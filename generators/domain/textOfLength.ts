import fc from 'fast-check';

/**
 * Letters by the bytes UTF-8 spends on each (1 to 4), all of them NFC-stable and none a space
 * or a mark: a text of them keeps its length in characters through normalisation and trimming.
 */
const LETTERS_BY_WIDTH: readonly (readonly string[])[] = [
  [...'AaZzQqMm'],
  [...'ÉéÑñØøŁłßÇçĞğЖжЯяΩωאבعر'],
  [...'中文漢字あアカ한글ไทยअभ'],
  // Astral letters: one character, two UTF-16 code units, four UTF-8 bytes.
  [...'𠀋𠮷𡈽𠜎𠝹𠱓𪚲𫝀'],
];
const ASTRAL = LETTERS_BY_WIDTH[3]!;

export interface TextOfLengthOptions {
  /** The length in characters (Unicode code points, as JSON Schema counts `maxLength`). */
  length: number;
}

/**
 * `textOfLength({ length })`: a text of exactly `length` characters, letters of every UTF-8
 * width (one to four bytes) mixed, with at least one four-byte letter whenever `length` > 0:
 * a service that counts bytes or UTF-16 code units instead of characters refuses it at a
 * stated `maxLength` (a 50-character name of such letters runs to 200 bytes). Shrinks towards
 * plain ASCII with one astral letter last.
 */
export function textOfLength({ length }: TextOfLengthOptions): fc.Arbitrary<string> {
  if (length <= 0) return fc.constant('');
  const letter = fc.oneof(...LETTERS_BY_WIDTH.map((letters) => fc.constantFrom(...letters)));
  return fc
    .tuple(fc.array(letter, { minLength: length - 1, maxLength: length - 1 }), fc.constantFrom(...ASTRAL), fc.nat())
    .map(([letters, astral, at]) => {
      const place = at % length;
      return [...letters.slice(0, place), astral, ...letters.slice(place)].join('');
    });
}
