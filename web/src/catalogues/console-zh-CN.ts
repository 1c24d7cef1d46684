/** The console part of the zh-CN catalogue (parts.ts); the build replaces this module with it as JSON (plugin.ts). */
import { zhCN } from '@shared/i18n/zh-CN.ts';
import { cataloguePart } from './parts.ts';

export default cataloguePart(zhCN, 'console');
