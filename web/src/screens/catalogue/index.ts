/** The catalogue screens, loaded together (web/src/screens/registry.ts names the screen of each route). */
import { alarmMailDecl } from '@web/resources/decls/catalogue/alarm-mail.ts';
import { alarmTemplateDecl } from '@web/resources/decls/catalogue/alarm-template.ts';
import { appVersionDecl } from '@web/resources/decls/catalogue/app-version.ts';
import { feedbackDecl } from '@web/resources/decls/catalogue/feedback.tsx';
import { fileExportDecl } from '@web/resources/decls/catalogue/file-export.ts';
import { stopReasonDecl } from '@web/resources/decls/catalogue/stop-reason.ts';
import { listPageOf } from '@web/resources/list-page.tsx';

export { BrandPage } from './brand-page.tsx';
export const AppVersionsPage = listPageOf(appVersionDecl);
export const FeedbackPage = listPageOf(feedbackDecl);
export const FileExportPage = listPageOf(fileExportDecl);
export const StopReasonsPage = listPageOf(stopReasonDecl);
export const AlarmTemplatesPage = listPageOf(alarmTemplateDecl);
export const AlarmMailPage = listPageOf(alarmMailDecl);
