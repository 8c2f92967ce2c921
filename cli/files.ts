/**
 * Commands that take files first (`verify <file>`, `merge-evidence <file>...`): the leading words that are not flags.
 */
export function leadingFiles(argv: readonly string[]): { files: string[]; rest: string[] } {
  const index = argv.findIndex((word) => word.startsWith('-'));
  const cut = index === -1 ? argv.length : index;
  return { files: argv.slice(0, cut), rest: argv.slice(cut) };
}
