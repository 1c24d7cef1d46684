import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { readMultipart } from '@functions/lib/multipart.ts';

describe('multipart form data', () => {
  it('splits fields and binary files, and refuses a body that is not a form', async () => {
    const form = new FormData();
    form.set('name', 'Wallbox 1.2');
    const bytes = new Uint8Array([0, 1, 2, 255, 13, 10, 45, 45]);
    form.set('file', new Blob([bytes], { type: 'application/octet-stream' }), 'fw.bin');
    const request = new Request('http://x', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const event = {
      headers: { 'content-type': request.headers.get('content-type')! },
      body: body.toString('base64'),
      isBase64Encoded: true,
    } as unknown as APIGatewayProxyEventV2;
    const parsed = readMultipart(event);
    expect(parsed.fields).toEqual({ name: 'Wallbox 1.2' });
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({
      field: 'file',
      fileName: 'fw.bin',
      contentType: 'application/octet-stream',
    });
    expect([...parsed.files[0]!.body]).toEqual([...bytes]);
    expect(() =>
      readMultipart({ headers: { 'content-type': 'application/json' }, body: '{}' } as never),
    ).toThrow();
  });
});
