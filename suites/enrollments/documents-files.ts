/**
 * Tiny, valid documents built in code (no binary files in the repository), and the two request
 * forms of supporting documentation (4.15): JSON with base64 content, and multipart/form-data.
 */
import { deflateSync } from 'node:zlib';
import type { ApiRequest } from '../../harness/suite/index.js';
import { itemPath, ROUTING } from './requests.js';

/** A one-page PDF with a correct cross-reference table. */
function tinyPdf(): Uint8Array {
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>',
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(text.length);
    text += `${i + 1} 0 obj${body}endobj\n`;
  });
  const xref = text.length;
  text +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f ` +
    `\n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(text);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 1x1 white grayscale PNG. */
function tinyPng(): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, grayscale, deflate, no filter set, no interlace
  const pixels = deflateSync(Buffer.from([0, 0xff])); // filter byte 0, one white pixel
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** Plain text: none of the accepted formats, whatever it is declared as. */
export const notADocument = (): Uint8Array =>
  new TextEncoder().encode('This is a plain text note, not a PDF, JPEG or PNG.\n');

export interface Upload {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
  documentType?: string;
}

const DOCS = '/supporting_documentation';

/** The JSON form: `{context, file: {filename, content_type, content_base64}, document_type}`. */
export function jsonUpload(id: string, u: Upload): ApiRequest {
  return {
    method: 'POST',
    path: itemPath(id, DOCS),
    json: {
      context: { ...ROUTING },
      file: {
        filename: u.filename,
        content_type: u.contentType,
        content_base64: Buffer.from(u.bytes).toString('base64'),
      },
      document_type: u.documentType ?? 'sep',
    },
  };
}

/** The multipart form: a JSON `context` part, the `file` part and `document_type`. */
export function multipartUpload(id: string, u: Upload, boundary = 'conformance-boundary-7f3a9c'): ApiRequest {
  const part = (headers: string[], body: Uint8Array | string) => [
    Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`),
    Buffer.from(body),
    Buffer.from('\r\n'),
  ];
  const body = Buffer.concat([
    ...part(
      ['Content-Disposition: form-data; name="context"', 'Content-Type: application/json'],
      JSON.stringify(ROUTING),
    ),
    ...part(['Content-Disposition: form-data; name="document_type"'], u.documentType ?? 'sep'),
    ...part(
      [`Content-Disposition: form-data; name="file"; filename="${u.filename}"`, `Content-Type: ${u.contentType}`],
      u.bytes,
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST',
    path: itemPath(id, DOCS),
    body: new Uint8Array(body),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export const PDF: Upload = { bytes: tinyPdf(), filename: 'sep-letter.pdf', contentType: 'application/pdf' };
export const PNG: Upload = { bytes: tinyPng(), filename: 'sep-letter.png', contentType: 'image/png' };
