/** Console screens of the alarms, by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { alarmDecl } from './alarm.tsx';
import { AlarmChartPage } from './chart.tsx';
import { alarmOfflineDecl } from './offline.tsx';

export const alarmDecls: ResourceDecl[] = [alarmDecl, alarmOfflineDecl];

function listPage(decl: ResourceDecl): ComponentType {
  const Page = () => createElement(ResourceListPage, { decl });
  Page.displayName = `${decl.id}Page`;
  return Page;
}

export const alarmPages: Record<string, ComponentType> = {
  '/alarm': listPage(alarmDecl),
  '/alarmOffline': listPage(alarmOfflineDecl),
  '/alarmChart': AlarmChartPage,
};
