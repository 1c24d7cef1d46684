/**
 * Screens built on the resource registry, by console route. The router (web/src/routes.tsx) shows these
 * for their routes and a "not available yet" page for routes whose screens come with later issues.
 */
import type { ComponentType } from 'react';

export const resourcePages: Record<string, ComponentType> = {};
