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

/** Traditional Chinese (zh-TW). */
export const zhTW: Catalog = {
  app: {
    name: '電動車充電管理平台',
  },
  header: {
    language: '語言',
  },
  status: {
    title: '平台狀態',
    description: '主控台後端及其所依賴服務的運作狀況。',
    overall: '整體狀態',
    uptime: '運作時間',
    services: '服務',
    summary: '{{total}} 項服務中有 {{ok}} 項運作正常',
    autoRefresh: '每 {{seconds}} 秒自動重新整理。',
    refreshing: '重新整理中…',
    lastUpdated: '最後更新：{{time}}',
    loading: '正在檢查平台狀態…',
    loadError: '無法載入平台狀態',
    staleWarning: '最近一次檢查失敗，目前顯示的是最後已知的狀態。',
    emptyTitle: '尚無服務資訊',
    emptyDescription: '平台已回應，但尚未回報任何服務，可能仍在啟動中。',
    columns: {
      service: '服務',
      status: '狀態',
      detail: '詳細資訊',
    },
    states: {
      ok: '正常運作',
      starting: '啟動中',
      degraded: '降級運作',
      down: '無法使用',
      unknown: '不明',
    },
  },
  duration: {
    days: '{{value}} 天',
    hours: '{{value}} 小時',
    minutes: '{{value}} 分鐘',
    seconds: '{{value}} 秒',
  },
  errors: {
    network: '網路錯誤，請檢查網路連線後再試一次。',
    timeout: '要求逾時，請稍後再試。',
    notFound: '找不到要求的網址',
    server: '伺服器傳回錯誤（HTTP {{status}}），請稍後再試。',
    badResponse: '伺服器傳回了無法辨識的回應。',
  },
  actions: {
    retry: '重試',
    reload: '重新載入頁面',
    backHome: '返回首頁',
  },
  notFound: {
    title: '找不到頁面',
    description: '您要找的頁面不存在或已被移動。',
  },
  noAccess: {
    title: '您無權存取此頁面',
    description: '您帳號的選單中不包含此頁面。請向管理員申請權限，或返回首頁。',
  },
  routeError: {
    title: '發生錯誤',
    description: '無法顯示此頁面，請重新載入頁面或返回首頁。',
  },
  validation: {
    unknownField: '不接受此欄位',
    required: '此欄位為必填',
    tooLong: '輸入內容過長',
    passwordRule: '至少 8 個字元，且至少包含 1 個字母和 1 個數字',
    passwordMismatch: '兩次輸入的密碼不一致',
    passwordSame: '新密碼不能與原密碼相同',
    phoneFormat: '電話號碼格式錯誤',
    emailFormat: '電子郵件格式錯誤',
    codeFormat: '只能包含字母、數字和底線',
    roleRequired: '請至少選擇一個角色',
    dateFormat: '日期格式錯誤',
    currency: '請選擇幣別',
    integer: '請輸入整數',
    percentage: '請輸入 0 到 100 之間的百分比，最多兩位小數',
    invalid: '此值無效',
    tooLarge: '此值過大',
    tooSmall: '此值過小',
    pageNumber: '請輸入 1 到 10000 之間的頁碼',
  },
  ...shell['zh-TW'],
  ...admin['zh-TW'],
  ...server['zh-TW'],
  ...resources['zh-TW'],
  ...system['zh-TW'],
  ...catalogue['zh-TW'],
  ...device['zh-TW'],
  ...site['zh-TW'],
  ...commands['zh-TW'],
  ...commandConsole['zh-TW'],
  ...siteConsole['zh-TW'],
  ...alarms['zh-TW'],
  ...energyBox['zh-TW'],
  ...chargingProfile['zh-TW'],
  ...deviceSend['zh-TW'],
  ...monitorConsole['zh-TW'],
  ...fee['zh-TW'],
  ...order['zh-TW'],
  ...reservation['zh-TW'],
  ...energy['zh-TW'],
  ...fleet['zh-TW'],
  ...fleetConsole['zh-TW'],
  ...home['zh-TW'],
  ...crm['zh-TW'],
  ...driverApp['zh-TW'],
  ...revenue['zh-TW'],
  ...subscription['zh-TW'],
  ...subscriptionConsole['zh-TW'],
  ...readable['zh-TW'],
};
