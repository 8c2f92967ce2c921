/**
 * A small multipart/form-data parser (RFC 7578) for supporting documentation uploads:
 * text parts become `fields`, parts with a filename become `files`. Returns undefined for a
 * body that is not well-formed, never throws.
 */
interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

const MAX_PARTS = 32;

export function parseMultipart(raw: Buffer, boundary: string): MultipartBody | undefined {
  if (boundary.length === 0 || boundary.length > 200) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const result: MultipartBody = { fields: {}, files: {} };
  let pos = raw.indexOf(delimiter);
  if (pos < 0) return undefined;
  for (let parts = 0; parts <= MAX_PARTS; parts++) {
    pos += delimiter.length;
    if (raw.subarray(pos, pos + 2).toString('latin1') === '--') return result;
    if (raw.subarray(pos, pos + 2).toString('latin1') !== '\r\n') return undefined;
    pos += 2;
    const next = raw.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), pos);
    if (next < 0) return undefined;
    const part = raw.subarray(pos, next);
    if (!addPart(result, part)) return undefined;
    pos = next + 2;
  }
  return undefined;
}

function addPart(result: MultipartBody, part: Buffer): boolean {
  const split = part.indexOf('\r\n\r\n');
  if (split < 0) return false;
  const headers = new Map<string, string>();
  for (const line of part.subarray(0, split).toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) return false;
  const filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disposition)?.[1];
  const data = part.subarray(split + 4);
  if (filename !== undefined) {
    result.files[name] = {
      filename,
      contentType: headers.get('content-type') ?? 'application/octet-stream',
      data: Buffer.from(data),
    };
  } else {
    result.fields[name] = data.toString('utf8');
  }
  return true;
}
