/** The system screens, loaded together (web/src/screens/registry.ts names the screen of each route). */
import { assetDecl } from '@web/resources/decls/system/asset.ts';
import { emspBindDecl } from '@web/resources/decls/system/emsp-bind.tsx';
import { emspDecl } from '@web/resources/decls/system/emsp.ts';
import { mailDecl } from '@web/resources/decls/system/mail.tsx';
import { parameterDecl } from '@web/resources/decls/system/parameter.ts';
import { payDecl } from '@web/resources/decls/system/pay.tsx';
import { vendorDecl } from '@web/resources/decls/system/vendor.ts';
import { listPageOf } from '@web/resources/list-page.tsx';

export const ParametersPage = listPageOf(parameterDecl);
export const PayChannelsPage = listPageOf(payDecl);
export const MailServersPage = listPageOf(mailDecl);
export const EmspPage = listPageOf(emspDecl);
export const EmspBindPage = listPageOf(emspBindDecl);
export const AssetsPage = listPageOf(assetDecl);
export const VendorsPage = listPageOf(vendorDecl);
