/**
 * The heartbeat interval given to chargers at boot: well below API Gateway's 10 minute idle time-out, so a
 * healthy connection is never closed for idleness, and short enough that a vanished charger is noticed.
 * Read when used, as the other settings are (a runtime may set it after the module loaded).
 */
export const heartbeatIntervalSeconds = () => Number(process.env.OCPP_HEARTBEAT_SECONDS ?? 300);
