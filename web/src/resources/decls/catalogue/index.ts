/** Console screens of the catalogue resources, by route (registered in web/src/resources/pages.tsx). */
import type { ComponentType } from 'react';

export const cataloguePages: Record<string, ComponentType> = {};
