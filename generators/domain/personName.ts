import fc from 'fast-check';

/** Names as people write them: each kind a client's name field must carry unchanged. */
const NAMES = {
  apostrophe: ["O'Brien", 'D’Angelo', "N'Dour", "Ma'ayan", "O'Neil-Ruiz"],
  hyphen: ['Smith-Jones', 'Jean-Luc', 'Abdul-Jabbar', 'Anne-Marie', 'Lloyd-Webber'],
  diacritics: ['José', 'Zoë', 'Müller', 'Nguyễn', 'Łukasz', 'Núñez', 'François', 'Søren', 'Çelik', 'Dvořák'],
  nonLatin: ['李', '王芳', 'Дмитрий', 'Σοφία', 'محمد', 'שרה', 'さくら', '김민준', 'अर्जुन', 'Ἀλέξανδρος'],
  spaced: ['Van der Berg', 'de la Cruz', 'Mary Ann', 'Al-Sayed bin Omar', 'St. John'],
};

/** Letters of several scripts, for names no list holds. */
const LETTERS = [...'AaZzÉéÑñØøŁłßÇçĞğŞşЖжЯяΩωאבعربあア中文한'];
const SEPARATORS = [' ', '-', "'", '’'];

/** 1 to 3 words of 1 to 12 letters, joined by a space, hyphen or apostrophe. */
const composed = fc
  .tuple(
    fc.array(fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength: 12 }), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.constantFrom(...SEPARATORS),
  )
  .map(([words, separator]) => words.join(separator));

export interface PersonNameOptions {
  /** Longest name in code points (default 50, the provider document's maxLength for applicant names). */
  maxLength?: number;
}

/**
 * `personName({ maxLength = 50 })`: a first or last name with an apostrophe, a hyphen,
 * diacritics, letters of another script or spaces, from a list of real forms or composed from
 * letters of several scripts; always in Unicode NFC, never empty, never padded with spaces.
 * Shrinks towards O'Brien.
 */
export function personName(options: PersonNameOptions = {}): fc.Arbitrary<string> {
  const maxLength = options.maxLength ?? 50;
  const listed = Object.values(NAMES).map((names) => fc.constantFrom(...names));
  return fc
    .oneof(...listed, composed)
    .map((name) => name.normalize('NFC'))
    .filter((name) => name.trim() === name && [...name].length <= maxLength);
}
