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

/** German (de-DE). */
export const de: Catalog = {
  app: {
    name: 'Ladenetz-Konsole',
  },
  header: {
    language: 'Sprache',
  },
  status: {
    title: 'Plattformstatus',
    description: 'Zustand des Konsolen-Backends und der Dienste, auf denen es läuft.',
    overall: 'Gesamtstatus',
    uptime: 'Betriebszeit',
    services: 'Dienste',
    summary: '{{ok}} von {{total}} Diensten betriebsbereit',
    autoRefresh: 'Wird alle {{seconds}} Sekunden automatisch aktualisiert.',
    refreshing: 'Wird aktualisiert …',
    lastUpdated: 'Zuletzt aktualisiert: {{time}}',
    loading: 'Plattformstatus wird geprüft …',
    loadError: 'Der Plattformstatus konnte nicht geladen werden',
    staleWarning: 'Die letzte Prüfung ist fehlgeschlagen; angezeigt wird der zuletzt bekannte Status.',
    emptyTitle: 'Keine Dienste gemeldet',
    emptyDescription:
      'Die Plattform hat geantwortet, aber noch keine Dienste gemeldet. Möglicherweise startet sie noch.',
    columns: {
      service: 'Dienst',
      status: 'Status',
      detail: 'Details',
    },
    states: {
      ok: 'Betriebsbereit',
      starting: 'Startet',
      degraded: 'Eingeschränkt',
      down: 'Ausgefallen',
      unknown: 'Unbekannt',
    },
  },
  duration: {
    days: '{{value}} T',
    hours: '{{value}} Std.',
    minutes: '{{value}} Min.',
    seconds: '{{value}} Sek.',
  },
  errors: {
    network: 'Netzwerkfehler. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    timeout: 'Zeitüberschreitung bei der Anfrage. Bitte versuchen Sie es erneut.',
    notFound: 'Die angeforderte URL wurde nicht gefunden',
    server: 'Der Server hat einen Fehler gemeldet (HTTP {{status}}). Bitte versuchen Sie es später erneut.',
    badResponse: 'Der Server hat eine Antwort gesendet, die die Konsole nicht versteht.',
  },
  actions: {
    retry: 'Erneut versuchen',
    reload: 'Seite neu laden',
    backHome: 'Zur Startseite',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    description: 'Die gesuchte Seite existiert nicht oder wurde verschoben.',
  },
  noAccess: {
    title: 'Kein Zugriff auf diese Seite',
    description:
      'Die Menüs Ihres Kontos enthalten diese Seite nicht. Bitten Sie Ihren Administrator um Zugriff oder kehren Sie zur Startseite zurück.',
  },
  routeError: {
    title: 'Etwas ist schiefgelaufen',
    description:
      'Diese Seite konnte nicht angezeigt werden. Laden Sie die Seite neu oder kehren Sie zur Startseite zurück.',
  },
  validation: {
    unknownField: 'Dieses Feld wird nicht angenommen',
    required: 'Dieses Feld ist erforderlich',
    tooLong: 'Dieser Wert ist zu lang',
    passwordRule: 'Mindestens 8 Zeichen, davon mindestens 1 Buchstabe und 1 Ziffer',
    passwordMismatch: 'Die beiden Passwörter stimmen nicht überein',
    passwordSame: 'Das neue Passwort muss sich vom aktuellen unterscheiden',
    phoneFormat: 'Das Format der Telefonnummer ist falsch',
    emailFormat: 'Das Format der E-Mail-Adresse ist falsch',
    codeFormat: 'Nur Buchstaben, Ziffern und Unterstriche',
    roleRequired: 'Wählen Sie mindestens eine Rolle',
    dateFormat: 'Das Datumsformat ist falsch',
    currency: 'Wählen Sie eine Währung',
    integer: 'Geben Sie eine ganze Zahl ein',
    percentage: 'Geben Sie einen Prozentsatz von 0 bis 100 mit höchstens zwei Nachkommastellen ein',
    invalid: 'Dieser Wert ist ungültig',
    tooLarge: 'Dieser Wert ist zu groß',
    tooSmall: 'Dieser Wert ist zu klein',
    pageNumber: 'Geben Sie eine Seitenzahl von 1 bis 10000 ein',
  },
  ...shell.de,
  ...admin.de,
  ...server.de,
  ...resources.de,
  ...system.de,
  ...catalogue.de,
  ...device.de,
  ...site.de,
  ...commands.de,
  ...commandConsole.de,
  ...siteConsole.de,
  ...alarms.de,
  ...energyBox.de,
  ...chargingProfile.de,
  ...deviceSend.de,
  ...monitorConsole.de,
  ...fee.de,
  ...order.de,
  ...reservation.de,
  ...energy.de,
  ...fleet.de,
  ...fleetConsole.de,
  ...home.de,
  ...crm.de,
  ...driverApp.de,
  ...revenue.de,
  ...subscription.de,
  ...subscriptionConsole.de,
  ...readable.de,
};
