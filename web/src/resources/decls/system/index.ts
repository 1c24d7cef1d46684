/** Console screens of the system resources, by route (registered in web/src/resources/pages.tsx). */
import type { ComponentType } from 'react';

export const systemPages: Record<string, ComponentType> = {};
