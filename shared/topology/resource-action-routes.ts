/**
 * Routes of resource calls beyond the generic five (uploads, a test mail, a reply...), one list per group so
 * each group's file is edited by one hand. Each names its domain (admin for system, biz for catalogue and
 * device), permission code, and audit title when it changes something.
 */
import { API } from '@shared/api/paths.ts';
import { energyBoxResource } from '@shared/resources/device/energy-box.ts';
import { resourceRoutes } from './resource-routes.ts';
import type { HttpRouteDecl } from './types.ts';
import {
  MONITOR_ACTION_CODES,
  MONITOR_ACTIONS,
  MONITOR_COMMAND_PATH,
  monitorActionPath,
} from '@shared/schemas/monitor.ts';
import { CODE } from '@shared/permissions/menus.ts';

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
    { method: 'POST', path: MONITOR_COMMAND_PATH, domain: 'devices', auth: 'user', permission: CODE.monitor },
  ];
}

export const systemActionRoutes: HttpRouteDecl[] = [
  {
    method: 'POST',
    path: API.admin.pay.upload,
    domain: 'admin',
    auth: 'user',
    permission: CODE.payChannelEdit,
    audit: 'systemRes.audit.payUpload',
  },
  {
    method: 'POST',
    path: API.admin.mail.testMail,
    domain: 'admin',
    auth: 'user',
    permission: CODE.mailServerEdit,
    audit: 'systemRes.audit.testMail',
  },
  {
    method: 'POST',
    path: API.admin.emsp.bindEntries,
    domain: 'admin',
    auth: 'user',
    permission: CODE.emspBind,
  },
  { method: 'POST', path: API.admin.emsp.bindList, domain: 'admin', auth: 'user', permission: CODE.emspBind },
  {
    method: 'POST',
    path: API.admin.emsp.bind,
    domain: 'admin',
    auth: 'user',
    permission: CODE.emspBind,
    audit: 'server.audit.resourceUpdate',
    auditWhat: 'systemRes.names.emsp',
  },
];
export const catalogueActionRoutes: HttpRouteDecl[] = [
  {
    method: 'POST',
    path: API.biz.feedback.read,
    domain: 'biz',
    auth: 'user',
    permission: CODE.feedbackReply,
    audit: 'catalogueRes.audit.feedbackRead',
  },
  {
    method: 'POST',
    path: API.biz.feedback.reply,
    domain: 'biz',
    auth: 'user',
    permission: CODE.feedbackReply,
    audit: 'catalogueRes.audit.feedbackReply',
  },
  { method: 'POST', path: API.biz.fileExport.list, domain: 'biz', auth: 'user', permission: CODE.fileExport },
  {
    method: 'POST',
    path: API.biz.fileExport.download,
    domain: 'biz',
    auth: 'user',
    permission: CODE.fileExport,
  },
  {
    method: 'POST',
    path: API.biz.fileExport.del,
    domain: 'biz',
    auth: 'user',
    permission: CODE.fileExport,
    audit: 'server.audit.resourceDelete',
    auditWhat: 'catalogueRes.names.fileExport',
  },
];
export const deviceActionRoutes: HttpRouteDecl[] = [
  ...(
    [
      ['activate', CODE.cardEdit, 'deviceRes.audit.cardActivate'],
      ['disable', CODE.cardEdit, 'deviceRes.audit.cardDisable'],
      ['recharge', CODE.cardRecharge, 'deviceRes.audit.cardRecharge'],
    ] as const
  ).map(([action, permission, audit]): HttpRouteDecl => ({
    method: 'POST',
    path: API.biz.card[action],
    domain: 'biz',
    auth: 'user',
    permission,
    audit,
  })),
  {
    method: 'POST',
    path: API.biz.card.bind,
    domain: 'biz',
    auth: 'user',
    permission: CODE.cardEdit,
    audit: 'server.audit.resourceUpdate',
    auditWhat: 'deviceRes.names.card',
  },
  {
    method: 'POST',
    path: API.biz.firmware.upload,
    domain: 'biz',
    auth: 'user',
    permission: CODE.firmwareAdd,
    audit: 'deviceRes.audit.firmwareUpload',
  },
];

/** Stations, charge points and the live monitor (devices domain). */
export const siteActionRoutes: HttpRouteDecl[] = [
  {
    method: 'POST',
    path: API.biz.station.detail,
    domain: 'devices',
    auth: 'user',
    permission: CODE.stationDetail,
  },
  {
    method: 'POST',
    path: API.biz.station.powerBalance,
    domain: 'devices',
    auth: 'user',
    permission: CODE.stationEdit,
    audit: 'siteRes.audit.powerBalance',
  },
  {
    method: 'POST',
    path: API.biz.station.upload,
    domain: 'devices',
    auth: 'user',
    permission: CODE.stationPro,
    audit: 'siteRes.audit.imageUpload',
  },
  { method: 'POST', path: API.biz.station.image, domain: 'devices', auth: 'user', permission: CODE.stations },
  {
    method: 'POST',
    path: API.biz.chargePoint.detail,
    domain: 'devices',
    auth: 'user',
    permission: CODE.chargePointDetail,
  },
  {
    method: 'POST',
    path: API.biz.chargePoint.resetPassword,
    domain: 'devices',
    auth: 'user',
    permission: CODE.chargePointEdit,
    audit: 'siteRes.audit.resetPassword',
  },
  {
    method: 'POST',
    path: API.biz.chargePoint.messages,
    domain: 'devices',
    auth: 'user',
    permission: CODE.chargePointDetail,
  },
  // The company's connectors against its subscription's limit (the /device and /plan warning).
  {
    method: 'POST',
    path: API.biz.chargePoint.usage,
    domain: 'devices',
    auth: 'user',
    permission: CODE.chargePoints,
  },
  {
    method: 'POST',
    path: API.biz.monitor.overview,
    domain: 'devices',
    auth: 'user',
    permission: CODE.monitor,
  },
  // The monitor's tile actions (functions/devices/monitor-actions.ts), each with its own code.
  ...monitorActionRoutes(),
];

/** Energy boxes (devices domain): the declared resource and the commands to boxes. */
export const energyBoxRoutes: HttpRouteDecl[] = [
  ...resourceRoutes(energyBoxResource, 'devices'),
  {
    method: 'POST',
    path: API.biz.energyBox.detail,
    domain: 'devices',
    auth: 'user',
    permission: CODE.energyBoxes,
  },
  {
    method: 'POST',
    path: API.biz.energyBox.loadLimit,
    domain: 'devices',
    auth: 'user',
    permission: CODE.energyBoxEdit,
    audit: 'deviceRes.audit.eboxLoadLimit',
  },
  {
    method: 'POST',
    path: API.biz.energyBox.upgrade,
    domain: 'devices',
    auth: 'user',
    permission: CODE.energyBoxUpgrade,
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
