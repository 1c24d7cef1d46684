/** Console screens of the system resources, by route (registered in web/src/resources/pages.tsx). */
import { listPageOf } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import type { ComponentType } from 'react';
import { assetDecl } from './asset.ts';
import { emspBindDecl } from './emsp-bind.tsx';
import { emspDecl } from './emsp.ts';
import { mailDecl } from './mail.tsx';
import { parameterDecl } from './parameter.ts';
import { payDecl } from './pay.tsx';
import { vendorDecl } from './vendor.ts';

/** Every system declaration. */
export const systemDecls: ResourceDecl[] = [
  parameterDecl,
  payDecl,
  mailDecl,
  emspDecl,
  emspBindDecl,
  assetDecl,
  vendorDecl,
];

export const systemPages: Record<string, ComponentType> = {
  '/parameter': listPageOf(parameterDecl),
  '/pay': listPageOf(payDecl),
  '/mail': listPageOf(mailDecl),
  '/emsp': listPageOf(emspDecl),
  '/emspBind': listPageOf(emspBindDecl),
  '/assetList': listPageOf(assetDecl),
  '/vendorList': listPageOf(vendorDecl),
};
