/** The console part of the zh-TW catalogue (parts.ts); the build replaces this module with it as JSON (plugin.ts). */
import { zhTW } from '@shared/i18n/zh-TW.ts';
import { cataloguePart } from './parts.ts';

export default cataloguePart(zhTW, 'console');
