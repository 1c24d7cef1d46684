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
/**
 * English catalog: the reference every other catalog is typed and tested against.
 * Keys are grouped by screen; `{{name}}` placeholders are i18next interpolations and must appear,
 * unchanged, in every translation (test/web/i18n.test.ts checks keys, emptiness and placeholders).
 * No i18next plural suffixes (`_one`, `_other`): languages differ in plural forms, so counts are phrased
 * with neutral placeholders instead.
 */
export const en = {
  app: {
    name: 'EV Charging Console',
  },
  header: {
    language: 'Language',
  },
  status: {
    title: 'Platform status',
    description: 'Health of the console back end and of the services it runs on.',
    overall: 'Overall status',
    uptime: 'Uptime',
    services: 'Services',
    summary: '{{ok}} of {{total}} services operational',
    autoRefresh: 'Refreshes automatically every {{seconds}} seconds.',
    refreshing: 'Refreshing…',
    lastUpdated: 'Last updated {{time}}',
    loading: 'Checking platform status…',
    loadError: 'Could not load the platform status',
    staleWarning: 'The latest check failed; showing the last known status.',
    emptyTitle: 'No services reported',
    emptyDescription:
      'The platform answered but has not listed any services yet. It may still be starting up.',
    columns: {
      service: 'Service',
      status: 'Status',
      detail: 'Detail',
    },
    states: {
      ok: 'Operational',
      starting: 'Starting',
      degraded: 'Degraded',
      down: 'Down',
      unknown: 'Unknown',
    },
  },
  duration: {
    days: '{{value}} d',
    hours: '{{value}} h',
    minutes: '{{value}} min',
    seconds: '{{value}} s',
  },
  errors: {
    network: 'Network error. Check your connection and try again.',
    timeout: 'The request timed out. Please try again.',
    notFound: 'Request url not found',
    server: 'The server returned an error (HTTP {{status}}). Please try again later.',
    badResponse: 'The server sent a response the console does not understand.',
  },
  actions: {
    retry: 'Retry',
    reload: 'Reload page',
    backHome: 'Back to home',
  },
  notFound: {
    title: 'Page not found',
    description: 'The page you are looking for does not exist or has been moved.',
  },
  noAccess: {
    title: 'You have no access to this page',
    description:
      "Your account's menus do not include this page. Ask your administrator for access, or go back to the home page.",
  },
  routeError: {
    title: 'Something went wrong',
    description: 'This page could not be displayed. Reload the page or go back to the start.',
  },
  validation: {
    unknownField: 'This field is not accepted',
    required: 'This field is required',
    tooLong: 'This value is too long',
    passwordRule: 'At least 8 characters, with at least 1 letter and 1 digit',
    passwordMismatch: 'The two passwords do not match',
    passwordSame: 'The new password must differ from the current one',
    phoneFormat: 'Phone number format is wrong',
    emailFormat: 'E-mail format is wrong',
    codeFormat: 'Only letters, digits and underscores',
    roleRequired: 'Choose at least one role',
    dateFormat: 'Date format is wrong',
    currency: 'Choose a currency',
    integer: 'Enter a whole number',
    percentage: 'Enter a percentage from 0 to 100 with at most two decimals',
    invalid: 'This value is not valid',
    tooLarge: 'This value is too large',
    tooSmall: 'This value is too small',
    pageNumber: 'Enter a page number from 1 to 10000',
  },
  ...shell.en,
  ...admin.en,
  ...server.en,
  ...resources.en,
  ...system.en,
  ...catalogue.en,
  ...device.en,
  ...site.en,
  ...commands.en,
  ...commandConsole.en,
  ...siteConsole.en,
  ...alarms.en,
  ...energyBox.en,
  ...chargingProfile.en,
  ...deviceSend.en,
  ...monitorConsole.en,
  ...fee.en,
  ...order.en,
  ...reservation.en,
  ...energy.en,
  ...fleet.en,
  ...fleetConsole.en,
  ...home.en,
  ...crm.en,
  ...driverApp.en,
  ...revenue.en,
  ...subscription.en,
  ...subscriptionConsole.en,
  ...readable.en,
};

/** The shape every catalog must have: the same nested keys as `en`, each a string. */
export type Catalog = typeof en;
