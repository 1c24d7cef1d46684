/** Console screens of the catalogue resources, by route (registered in web/src/resources/pages.tsx). */
import { listPageOf } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import type { ComponentType } from 'react';
import { alarmMailDecl } from './alarm-mail.ts';
import { alarmTemplateDecl } from './alarm-template.ts';
import { appVersionDecl } from './app-version.ts';
import { BrandPage, brandDecl, modelDecl } from './brand.tsx';
import { feedbackDecl } from './feedback.tsx';
import { fileExportDecl } from './file-export.ts';
import { stopReasonDecl } from './stop-reason.ts';

/** Every catalogue declaration (the models' is shown inside the brand page, per brand). */
export const catalogueDecls: ResourceDecl[] = [
  brandDecl,
  modelDecl,
  appVersionDecl,
  feedbackDecl,
  fileExportDecl,
  stopReasonDecl,
  alarmTemplateDecl,
  alarmMailDecl,
];

export const cataloguePages: Record<string, ComponentType> = {
  '/brand': BrandPage,
  '/appVersion': listPageOf(appVersionDecl),
  '/feedback': listPageOf(feedbackDecl),
  '/fileExport': listPageOf(fileExportDecl),
  '/stopReasonList': listPageOf(stopReasonDecl),
  '/alarmTemplate': listPageOf(alarmTemplateDecl),
  '/alarmMail': listPageOf(alarmMailDecl),
};
