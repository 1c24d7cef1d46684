/**
 * `npm run docs:api`: writes docs/api.md from the topology (infra/api-doc.ts renders it). Run it after
 * changing a route; test/infra/api-doc.test.ts fails while the committed file is stale.
 */
import { writeFile } from 'node:fs/promises';
import { API_DOC_PATH, renderApiDoc } from '@infra/api-doc.ts';

await writeFile(API_DOC_PATH, await renderApiDoc());
console.log(`Wrote ${API_DOC_PATH}`);
