/** The console part of the th catalogue (parts.ts); the build replaces this module with it as JSON (plugin.ts). */
import { th } from '@shared/i18n/th.ts';
import { cataloguePart } from './parts.ts';

export default cataloguePart(th, 'console');
