/** Console screens of the device resources, by route (registered in web/src/resources/pages.tsx). */
import type { ComponentType } from 'react';

export const devicePages: Record<string, ComponentType> = {};
