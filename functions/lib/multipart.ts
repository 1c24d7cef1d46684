/**
 * multipart/form-data bodies (docs/product.md section 7: uploads use form data). API Gateway hands binary
 * bodies over base64-encoded; this splits them into fields and files. Bodies are bounded by API Gateway (10
 * MB) and Lambda (6 MB) already.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { badRequest } from './errors.ts';

export interface UploadedFile {
  field: string;
  fileName: string;
  contentType: string;
  body: Buffer;
}

export interface FormData_ {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export function readMultipart(event: APIGatewayProxyEventV2): FormData_ {
  const type = event.headers['content-type'] ?? '';
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(type);
  if (!type.startsWith('multipart/form-data') || !boundary) throw badRequest('server.uploadNotForm');
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'binary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const out: FormData_ = { fields: {}, files: [] };
  let start = raw.indexOf(delimiter);
  while (start >= 0) {
    const next = raw.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    // A part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = raw.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split >= 0) {
      const headers = part.subarray(0, split).toString('utf8');
      const content = part.subarray(split + 4);
      const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? '';
      const fileName = /filename="([^"]*)"/i.exec(headers)?.[1];
      const contentType =
        /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
      if (fileName !== undefined)
        out.files.push({ field: name, fileName, contentType, body: Buffer.from(content) });
      else out.fields[name] = content.toString('utf8');
    }
    start = next;
  }
  return out;
}
