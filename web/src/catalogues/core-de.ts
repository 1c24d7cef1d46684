/** The core part of the de catalogue (parts.ts); the build replaces this module with it as JSON (plugin.ts). */
import { de } from '@shared/i18n/de.ts';
import { cataloguePart } from './parts.ts';

export default cataloguePart(de, 'core');
