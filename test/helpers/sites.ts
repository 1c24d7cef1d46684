/** Request bodies of site records that tests create through the console's API. */

/** A station open all week in Hamburg, with a station-wide fee rule (feeSetMode 1); `extra` adds or overrides. */
export const stationBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  status: 1,
  address: '1 Yard',
  country: 'Germany',
  countryCode: 'de',
  city: 'Hamburg',
  timeZone: 'Europe/Berlin',
  locationType: 'PARKING_LOT',
  type: 1,
  serviceHotline: '+49 40 1234',
  openFlag: 0,
  workDays: [1, 2, 3, 4, 5, 6, 7],
  openPeriods: [{ start: '00:00', end: '24:00' }],
  feeSetMode: 1,
  ownerType: 0,
  ...extra,
});
