/** The console part of the en catalogue (parts.ts); the build replaces this module with it as JSON (plugin.ts). */
import { en } from '@shared/i18n/en.ts';
import { cataloguePart } from './parts.ts';

export default cataloguePart(en, 'console');
