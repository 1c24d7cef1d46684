/** Console screens of the system resources, by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
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

function listPage(decl: ResourceDecl): ComponentType {
  const Page = () => createElement(ResourceListPage, { decl });
  Page.displayName = `${decl.id}Page`;
  return Page;
}

export const systemPages: Record<string, ComponentType> = {
  '/parameter': listPage(parameterDecl),
  '/pay': listPage(payDecl),
  '/mail': listPage(mailDecl),
  '/emsp': listPage(emspDecl),
  '/emspBind': listPage(emspBindDecl),
  '/assetList': listPage(assetDecl),
  '/vendorList': listPage(vendorDecl),
};
