/**
 * The device screens that are resource lists: loaded on their own (web/src/resources/screens.ts), so a list
 * does not bring the charging-profile and energy-box detail screens with their command and chart code.
 */
import { listPageOf } from '@web/resources/list-page.tsx';
import type { ComponentType } from 'react';
import { cardDecl } from './card.tsx';
import { confKeyDecl } from './conf-key.ts';
import { displayDecl } from './display.ts';
import { energyBoxDecl } from './energy-box.tsx';
import { firmwareDecl } from './firmware.tsx';
import { listVersionDecl } from './list-version.tsx';
import { networkDecl } from './network.ts';

export const deviceListPages: Record<string, ComponentType> = {
  '/firmware': listPageOf(firmwareDecl),
  '/confKey': listPageOf(confKeyDecl),
  '/display': listPageOf(displayDecl),
  '/network': listPageOf(networkDecl),
  '/listVersion': listPageOf(listVersionDecl),
  '/card': listPageOf(cardDecl),
  '/energyBox': listPageOf(energyBoxDecl),
};
