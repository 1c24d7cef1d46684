/** Declared resources of the system group. Each file declares one; list them here. */
import type { ResourceMeta } from '../define.ts';
import { assetResource } from './asset.ts';
import { emspResource } from './emsp.ts';
import { mailResource } from './mail.ts';
import { payResource } from './pay.ts';
import { vendorResource } from './vendor.ts';

export const systemMetas: ResourceMeta[] = [
  payResource,
  mailResource,
  emspResource,
  assetResource,
  vendorResource,
];
