/** Console screens of subscription plans, by route (registered in web/src/resources/pages.tsx). */
import type { ResourceDecl } from '@web/resources/types.ts';
import type { ComponentType } from 'react';
import { PlanDetailPage, PlanPage } from './plan-pages.tsx';
import { planDecl } from './plan.tsx';

export const planDecls: ResourceDecl[] = [planDecl];

export const planPages: Record<string, ComponentType> = {
  '/plan': PlanPage,
  '/planDetail': PlanDetailPage,
};
