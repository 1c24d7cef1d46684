/**
 * Station pictures (a Pro feature, code 2105): JPG or PNG only, recognised by their content (not by the
 * name or the declared type), stored in the images bucket under the company's folder. The station record
 * keeps the keys; pictures are read back through the API, so a company reads only its own.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { STATION_IMAGE_MAX_BYTES } from '@shared/resources/site/station.ts';
import type { Identity } from '@functions/identity/access.ts';
import { s3Client } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { notFound, refused } from '@functions/lib/errors.ts';
import type { UploadedFile } from '@functions/lib/multipart.ts';
import { newId, visible } from '@functions/lib/records.ts';

/** The picture type from its first bytes; undefined when it is neither JPEG nor PNG. */
export function imageTypeOf(body: Buffer): { ext: 'jpg' | 'png'; contentType: string } | undefined {
  if (body.length > 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff)
    return { ext: 'jpg', contentType: 'image/jpeg' };
  if (
    body.length > 8 &&
    body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { ext: 'png', contentType: 'image/png' };
  return undefined;
}

/** Keys are `{company path without the leading slash}{id}.{ext}`: the folder names the owner. */
export const imageOwner = (key: string) => `/${key.slice(0, key.lastIndexOf('/') + 1)}`;

/** POST /biz/station/upload: one picture (the files of the form, read by the handler); answers its key. */
export async function uploadStationImage(identity: Identity, files: UploadedFile[]) {
  const file = files.length === 1 ? files[0] : undefined;
  if (!file || file.body.length === 0) throw refused('siteRes.server.imageOneFile');
  if (file.body.length > STATION_IMAGE_MAX_BYTES) throw refused('siteRes.server.imageTooLarge');
  const type = imageTypeOf(file.body);
  if (!type) throw refused('siteRes.server.imageType');
  const key = `${identity.scope.slice(1)}${newId()}.${type.ext}`;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: config.bucketName('images'),
      Key: key,
      Body: file.body,
      ContentType: type.contentType,
    }),
  );
  return { key };
}

/** POST /biz/station/image?key=: the picture's bytes and type, when it belongs to the caller's companies. */
export async function stationImage(identity: Identity, key: unknown) {
  if (typeof key !== 'string' || !/^[\w/-]+\.(jpg|png)$/.test(key) || key.includes('..')) throw notFound();
  if (!visible(identity.scope, imageOwner(key))) throw notFound();
  const object = await s3Client()
    .send(new GetObjectCommand({ Bucket: config.bucketName('images'), Key: key }))
    .catch(() => undefined);
  if (!object?.Body) throw notFound();
  const bytes = Buffer.from(await object.Body.transformToByteArray());
  return { bytes, contentType: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}
