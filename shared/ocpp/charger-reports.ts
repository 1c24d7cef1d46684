/**
 * What a charger says about itself besides its connectors, as the OCPP enumerations name it: its firmware
 * status (FirmwareStatusNotification, 1.6's SignedFirmwareStatusNotification) and, in 2.0.1, why it booted
 * (BootNotification.reason). The console shows them in words
 * (docs/decisions/453-built-in-data-in-the-users-language.md); a value not listed here (a vendor's) reads as
 * sent.
 */

/**
 * OCPP 1.6 FirmwareStatus, then what the 1.6 security extension and 2.0.1 (FirmwareStatusEnumType) add. Their
 * words are the command catalogue's (`commandRes.results`), where the firmware update's progress shows too.
 */
/** OCPP 1.6 FirmwareStatus (FirmwareStatusNotification). */
export const FIRMWARE_STATUSES_16 = [
  'Downloaded',
  'DownloadFailed',
  'Downloading',
  'Idle',
  'InstallationFailed',
  'Installing',
  'Installed',
] as const;

export const FIRMWARE_STATUSES = [
  ...FIRMWARE_STATUSES_16,
  'DownloadScheduled',
  'DownloadPaused',
  'InstallRebooting',
  'InstallScheduled',
  'InstallVerificationFailed',
  'InvalidSignature',
  'SignatureVerified',
] as const;

/** OCPP 2.0.1 BootReasonEnumType (1.6's BootNotification has no reason). */
export const BOOT_REASONS = [
  'ApplicationReset',
  'FirmwareUpdate',
  'LocalReset',
  'PowerUp',
  'RemoteReset',
  'ScheduledReset',
  'Triggered',
  'Unknown',
  'Watchdog',
] as const;
