/** Console screens of the energy domain, by route (registered in web/src/resources/pages.tsx). */
import type { ResourceDecl } from '@web/resources/types.ts';
import type { ComponentType } from 'react';
import { RenewablePage, renewableSourceDecl } from './renewable.tsx';

export const energyDecls: ResourceDecl[] = [renewableSourceDecl];

export const energyPages: Record<string, ComponentType> = {
  '/renewable': RenewablePage,
};
