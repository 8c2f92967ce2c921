/**
 * Document formats recognised from their leading bytes (never from a declared media type):
 * PDF, JPEG and PNG, the formats supporting documentation accepts (4.15, section 8).
 */
const SIGNATURES: ReadonlyArray<{ type: string; bytes: number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The media type the bytes are, or null when they are none of the accepted formats. */
export function detectDocumentType(data: Uint8Array): string | null {
  const match = SIGNATURES.find((s) => s.bytes.length <= data.length && s.bytes.every((b, i) => data[i] === b));
  return match ? match.type : null;
}
