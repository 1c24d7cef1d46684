/**
 * Routes of resource calls beyond the generic five (uploads, a test mail, a reply...), one list per group so
 * each group's file is edited by one hand. Each names its domain (admin for system, biz for catalogue and
 * device), permission code, and audit title when it changes something.
 */
import { energyBoxResource } from '@shared/resources/device/energy-box.ts';
import { resourceRoutes } from './resource-routes.ts';
import type { HttpRouteDecl } from './types.ts';
import {
  MONITOR_ACTION_CODES,
  MONITOR_ACTIONS,
  MONITOR_COMMAND_PATH,
  monitorActionPath,
} from '@shared/schemas/monitor.ts';

/** The monitor's actions: the ones sending a command are audited. */
function monitorActionRoutes(): HttpRouteDecl[] {
  const audit: Partial<Record<string, string>> = {
    stopCharging: 'siteRes.audit.monitorStop',
    unlock: 'siteRes.audit.monitorUnlock',
    stopReservation: 'siteRes.audit.monitorStopReservation',
  };
  return [
    ...MONITOR_ACTIONS.map((action): HttpRouteDecl => ({
      method: 'POST',
      path: monitorActionPath(action),
      domain: 'devices',
      auth: 'user',
      permission: MONITOR_ACTION_CODES[action],
      ...(audit[action] ? { audit: audit[action] } : {}),
    })),
    { method: 'POST', path: MONITOR_COMMAND_PATH, domain: 'devices', auth: 'user', permission: '1101' },
  ];
}

export const systemActionRoutes: HttpRouteDecl[] = [
  {
    method: 'POST',
    path: '/admin/pay/upload',
    domain: 'admin',
    auth: 'user',
    permission: '6401',
    audit: 'systemRes.audit.payUpload',
  },
  {
    method: 'POST',
    path: '/admin/mail/testMail',
    domain: 'admin',
    auth: 'user',
    permission: '6601',
    audit: 'systemRes.audit.testMail',
  },
  { method: 'POST', path: '/admin/emsp/bindEntries', domain: 'admin', auth: 'user', permission: '6810' },
  { method: 'POST', path: '/admin/emsp/bindList', domain: 'admin', auth: 'user', permission: '6810' },
  {
    method: 'POST',
    path: '/admin/emsp/bind',
    domain: 'admin',
    auth: 'user',
    permission: '6810',
    audit: 'server.audit.resourceUpdate',
    auditWhat: 'systemRes.names.emsp',
  },
];
export const catalogueActionRoutes: HttpRouteDecl[] = [
  {
    method: 'POST',
    path: '/biz/feedback/read',
    domain: 'biz',
    auth: 'user',
    permission: '7401',
    audit: 'catalogueRes.audit.feedbackRead',
  },
  {
    method: 'POST',
    path: '/biz/feedback/reply',
    domain: 'biz',
    auth: 'user',
    permission: '7401',
    audit: 'catalogueRes.audit.feedbackReply',
  },
  { method: 'POST', path: '/biz/fileExport/list', domain: 'biz', auth: 'user', permission: '9100' },
  { method: 'POST', path: '/biz/fileExport/download', domain: 'biz', auth: 'user', permission: '9100' },
  {
    method: 'POST',
    path: '/biz/fileExport/del',
    domain: 'biz',
    auth: 'user',
    permission: '9100',
    audit: 'server.audit.resourceDelete',
    auditWhat: 'catalogueRes.names.fileExport',
  },
];
export const deviceActionRoutes: HttpRouteDecl[] = [
  ...(
    [
      ['activate', '2802', 'deviceRes.audit.cardActivate'],
      ['disable', '2802', 'deviceRes.audit.cardDisable'],
      ['recharge', '2804', 'deviceRes.audit.cardRecharge'],
    ] as const
  ).map(([action, permission, audit]): HttpRouteDecl => ({
    method: 'POST',
    path: `/biz/card/${action}`,
    domain: 'biz',
    auth: 'user',
    permission,
    audit,
  })),
  {
    method: 'POST',
    path: '/biz/card/bind',
    domain: 'biz',
    auth: 'user',
    permission: '2802',
    audit: 'server.audit.resourceUpdate',
    auditWhat: 'deviceRes.names.card',
  },
  {
    method: 'POST',
    path: '/biz/firmware/upload',
    domain: 'biz',
    auth: 'user',
    permission: '2301',
    audit: 'deviceRes.audit.firmwareUpload',
  },
];

/** Stations, charge points and the live monitor (devices domain). */
export const siteActionRoutes: HttpRouteDecl[] = [
  { method: 'POST', path: '/biz/station/detail', domain: 'devices', auth: 'user', permission: '2104' },
  {
    method: 'POST',
    path: '/biz/station/powerBalance',
    domain: 'devices',
    auth: 'user',
    permission: '2102',
    audit: 'siteRes.audit.powerBalance',
  },
  {
    method: 'POST',
    path: '/biz/station/upload',
    domain: 'devices',
    auth: 'user',
    permission: '2105',
    audit: 'siteRes.audit.imageUpload',
  },
  { method: 'POST', path: '/biz/station/image', domain: 'devices', auth: 'user', permission: '2100' },
  { method: 'POST', path: '/biz/chargePoint/detail', domain: 'devices', auth: 'user', permission: '2204' },
  {
    method: 'POST',
    path: '/biz/chargePoint/resetPassword',
    domain: 'devices',
    auth: 'user',
    permission: '2202',
    audit: 'siteRes.audit.resetPassword',
  },
  { method: 'POST', path: '/biz/chargePoint/messages', domain: 'devices', auth: 'user', permission: '2204' },
  // The company's connectors against its subscription's limit (the /device and /plan warning).
  { method: 'POST', path: '/biz/chargePoint/usage', domain: 'devices', auth: 'user', permission: '2200' },
  { method: 'POST', path: '/biz/monitor/overview', domain: 'devices', auth: 'user', permission: '1101' },
  // The monitor's tile actions (functions/devices/monitor-actions.ts), each with its own code.
  ...monitorActionRoutes(),
];

/** Energy boxes (devices domain): the declared resource and the commands to boxes. */
export const energyBoxRoutes: HttpRouteDecl[] = [
  ...resourceRoutes(energyBoxResource, 'devices'),
  { method: 'POST', path: '/biz/energyBox/detail', domain: 'devices', auth: 'user', permission: '2700' },
  {
    method: 'POST',
    path: '/biz/energyBox/loadLimit',
    domain: 'devices',
    auth: 'user',
    permission: '2701',
    audit: 'deviceRes.audit.eboxLoadLimit',
  },
  {
    method: 'POST',
    path: '/biz/energyBox/upgrade',
    domain: 'devices',
    auth: 'user',
    permission: '2702',
    audit: 'deviceRes.audit.eboxUpgrade',
  },
];

export const resourceActionRoutes = [
  ...systemActionRoutes,
  ...catalogueActionRoutes,
  ...deviceActionRoutes,
  ...siteActionRoutes,
  ...energyBoxRoutes,
];
