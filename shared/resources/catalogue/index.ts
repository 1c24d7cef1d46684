/** Declared resources of the catalogue group. Each file declares one; list them here. */
import type { ResourceMeta } from '../define.ts';
import { alarmMailResource } from './alarm-mail.ts';
import { alarmTemplateResource } from './alarm-template.ts';
import { appVersionResource } from './app-version.ts';
import { brandResource } from './brand.ts';
import { feedbackResource } from './feedback.ts';
import { modelResource } from './model.ts';
import { stopReasonResource } from './stop-reason.ts';

export const catalogueMetas: ResourceMeta[] = [
  brandResource,
  modelResource,
  appVersionResource,
  feedbackResource,
  stopReasonResource,
  alarmTemplateResource,
  alarmMailResource,
];
