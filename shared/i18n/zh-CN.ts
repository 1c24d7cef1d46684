import { admin } from './areas/admin.ts';
import { alarms } from './areas/alarms.ts';
import { catalogue } from './areas/catalogue.ts';
import { device } from './areas/device.ts';
import { fee } from './areas/fee.ts';
import { chargingProfile } from './areas/charging-profile.ts';
import { energyBox } from './areas/energy-box.ts';
import { deviceSend } from './areas/device-send.ts';
import { monitorConsole } from './areas/monitor-console.ts';
import { order } from './areas/order.ts';
import { reservation } from './areas/reservation.ts';
import { energy } from './areas/energy.ts';
import { fleet } from './areas/fleet.ts';
import { fleetConsole } from './areas/fleet-console.ts';
import { crm } from './areas/crm.ts';
import { driverApp } from './areas/driver-app.ts';
import { home } from './areas/home.ts';
import { revenue } from './areas/revenue.ts';
import { subscription } from './areas/subscription.ts';
import { subscriptionConsole } from './areas/subscription-console.ts';
import { readable } from './areas/readable.ts';
import { commands } from './areas/commands.ts';
import { commandConsole } from './areas/command-console.ts';
import { site } from './areas/site.ts';
import { siteConsole } from './areas/site-console.ts';
import { resources } from './areas/resources.ts';
import { system } from './areas/system.ts';
import { server } from './areas/server.ts';
import { shell } from './areas/shell.ts';
import type { Catalog } from './en.ts';

/** Simplified Chinese (zh-CN). */
export const zhCN: Catalog = {
  app: {
    name: '电动汽车充电管理平台',
  },
  header: {
    language: '语言',
  },
  status: {
    title: '平台状态',
    description: '控制台后端及其所依赖服务的运行状况。',
    overall: '总体状态',
    uptime: '运行时长',
    services: '服务',
    summary: '{{total}} 个服务中有 {{ok}} 个运行正常',
    autoRefresh: '每 {{seconds}} 秒自动刷新。',
    refreshing: '正在刷新…',
    lastUpdated: '最后更新：{{time}}',
    loading: '正在检查平台状态…',
    loadError: '无法加载平台状态',
    staleWarning: '最近一次检查失败，当前显示的是最后已知的状态。',
    emptyTitle: '暂无服务信息',
    emptyDescription: '平台已响应，但尚未报告任何服务，可能仍在启动中。',
    columns: {
      service: '服务',
      status: '状态',
      detail: '详情',
    },
    states: {
      ok: '正常运行',
      starting: '启动中',
      degraded: '降级运行',
      down: '不可用',
      unknown: '未知',
    },
  },
  duration: {
    days: '{{value}} 天',
    hours: '{{value}} 小时',
    minutes: '{{value}} 分钟',
    seconds: '{{value}} 秒',
  },
  errors: {
    network: '网络错误，请检查网络连接后重试。',
    timeout: '请求超时，请稍后重试。',
    notFound: '请求地址不存在',
    server: '服务器返回错误（HTTP {{status}}），请稍后重试。',
    badResponse: '服务器返回了无法识别的响应。',
  },
  actions: {
    retry: '重试',
    reload: '重新加载页面',
    backHome: '返回首页',
  },
  notFound: {
    title: '页面不存在',
    description: '您访问的页面不存在或已被移动。',
  },
  noAccess: {
    title: '您无权访问此页面',
    description: '您账号的菜单中不包含此页面。请向管理员申请权限，或返回首页。',
  },
  routeError: {
    title: '出错了',
    description: '无法显示此页面，请重新加载页面或返回首页。',
  },
  validation: {
    unknownField: '不接受此字段',
    required: '此项为必填项',
    tooLong: '输入内容过长',
    passwordRule: '至少 8 个字符，且至少包含 1 个字母和 1 个数字',
    passwordMismatch: '两次输入的密码不一致',
    passwordSame: '新密码不能与原密码相同',
    phoneFormat: '电话号码格式错误',
    emailFormat: '邮箱格式错误',
    codeFormat: '只能包含字母、数字和下划线',
    roleRequired: '请至少选择一个角色',
    dateFormat: '日期格式错误',
    currency: '请选择币种',
    integer: '请输入整数',
    percentage: '请输入 0 到 100 之间的百分比，最多两位小数',
    invalid: '该值无效',
    tooLarge: '该值过大',
    tooSmall: '该值过小',
    pageNumber: '请输入 1 到 10000 之间的页码',
  },
  ...shell['zh-CN'],
  ...admin['zh-CN'],
  ...server['zh-CN'],
  ...resources['zh-CN'],
  ...system['zh-CN'],
  ...catalogue['zh-CN'],
  ...device['zh-CN'],
  ...site['zh-CN'],
  ...commands['zh-CN'],
  ...commandConsole['zh-CN'],
  ...siteConsole['zh-CN'],
  ...alarms['zh-CN'],
  ...energyBox['zh-CN'],
  ...chargingProfile['zh-CN'],
  ...deviceSend['zh-CN'],
  ...monitorConsole['zh-CN'],
  ...fee['zh-CN'],
  ...order['zh-CN'],
  ...reservation['zh-CN'],
  ...energy['zh-CN'],
  ...fleet['zh-CN'],
  ...fleetConsole['zh-CN'],
  ...home['zh-CN'],
  ...crm['zh-CN'],
  ...driverApp['zh-CN'],
  ...revenue['zh-CN'],
  ...subscription['zh-CN'],
  ...subscriptionConsole['zh-CN'],
  ...readable['zh-CN'],
};
