/** The charger control screen (issue 6), by route (registered in web/src/resources/pages.tsx). */
import type { ComponentType } from 'react';
import { CommandPage } from './command-page.tsx';

export const commandPages: Record<string, ComponentType> = {
  '/command': CommandPage,
};
