/**
 * Whether a key fits DynamoDB's limits (partition key 2,048 bytes, sort key 1,024). An id too long for its
 * key names no item: reads answer "does not exist" rather than sending DynamoDB a key it refuses (decision 012).
 */
export function keyFits(key: { pk: string; sk: string }): boolean {
  return Buffer.byteLength(key.pk) <= 2048 && Buffer.byteLength(key.sk) <= 1024;
}
