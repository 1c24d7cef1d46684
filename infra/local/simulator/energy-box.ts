/**
 * A simulated energy box on MQTT (the local aedes broker, IoT Core in AWS): it reports its rated current, load
 * limit, per-phase usable and load currents, faults, wifi and bluetooth state and firmware version on
 * `ebox/{code}/telemetry`, and applies the commands it receives on `ebox/{code}/commands` (a new load limit at
 * once; an upgrade after a short download). With `pvPeakW` it also measures a PV array: its power now
 * (`pvPowerW`, a clear-sky day: nothing from 18:00 to 06:00 UTC, the peak at noon) and its production register
 * (`pvEnergyWh`), which /renewable records by the hour.
 */
import mqtt, { type MqttClient } from 'mqtt';

export interface EnergyBoxOptions {
  /** mqtt://host:port */
  url: string;
  code: string;
  ratedCurrent?: number;
  loadLimit?: number;
  /** Milliseconds between two reports. */
  intervalMs?: number;
  firmwareVersion?: string;
  /** Milliseconds an upgrade takes. */
  upgradeMs?: number;
  /** A PV array's peak power (W) the box measures; none: no PV fields in its reports. */
  pvPeakW?: number;
  /** The clock of the PV curve (tests set the hour). */
  now?: () => number;
}

/** A clear-sky day's PV output as a share of the peak at this UTC time (0 at night, 1 at noon). */
export function pvShareAt(ms: number): number {
  const hour = (ms % 86_400_000) / 3_600_000;
  return hour <= 6 || hour >= 18 ? 0 : Math.sin(((hour - 6) / 12) * Math.PI);
}

export class SimulatedEnergyBox {
  private client?: MqttClient;
  private timer?: NodeJS.Timeout;
  ratedCurrent: number;
  loadLimit: number;
  firmwareVersion: string;
  upgrading = false;
  readonly received: Record<string, unknown>[] = [];
  /** The PV production register (Wh) and when it was last advanced. */
  pvEnergyWh = 0;
  private pvAt?: number;

  constructor(private readonly options: EnergyBoxOptions) {
    this.ratedCurrent = options.ratedCurrent ?? 63;
    this.loadLimit = options.loadLimit ?? 80;
    this.firmwareVersion = options.firmwareVersion ?? '1.0.0';
  }

  private get topic() {
    return {
      telemetry: `ebox/${this.options.code}/telemetry`,
      commands: `ebox/${this.options.code}/commands`,
    };
  }

  async start(): Promise<void> {
    this.client = await mqtt.connectAsync(this.options.url, {
      clientId: this.options.code,
      reconnectPeriod: 1000,
    });
    await this.client.subscribeAsync(this.topic.commands, { qos: 1 });
    this.client.on('message', (_topic, payload) => this.onCommand(payload.toString()));
    await this.report();
    this.timer = setInterval(
      () => void this.report().catch(() => undefined),
      this.options.intervalMs ?? 10_000,
    );
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.client?.endAsync();
  }

  /** One report: the usable current per phase is the limit's share of the rating, the load a little below. */
  async report(): Promise<void> {
    const usable = Math.round((this.ratedCurrent * this.loadLimit) / 100);
    const load = () => Math.max(0, Math.round(usable * (0.55 + Math.random() * 0.35)));
    const message = {
      ratedCurrent: this.ratedCurrent,
      loadLimit: this.loadLimit,
      l1Usable: usable,
      l2Usable: usable,
      l3Usable: usable,
      l1Load: load(),
      l2Load: load(),
      l3Load: load(),
      samplingFault: false,
      hardwareFault: false,
      wifi: 'connected',
      bluetooth: 'off',
      firmwareVersion: this.firmwareVersion,
      upgrading: this.upgrading,
      ...this.pv(),
    };
    await this.client?.publishAsync(this.topic.telemetry, JSON.stringify(message), { qos: 1 });
  }

  /** The PV fields of a report: the power now, the register advanced by the power since the last report. */
  private pv(): { pvPowerW?: number; pvEnergyWh?: number } {
    const peak = this.options.pvPeakW;
    if (!peak) return {};
    const now = this.options.now?.() ?? Date.now();
    const powerW = Math.round(peak * pvShareAt(now));
    if (this.pvAt !== undefined) this.pvEnergyWh += (powerW * Math.max(0, now - this.pvAt)) / 3_600_000;
    this.pvAt = now;
    return { pvPowerW: powerW, pvEnergyWh: Math.round(this.pvEnergyWh) };
  }

  private onCommand(text: string) {
    let command: Record<string, unknown>;
    try {
      command = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    this.received.push(command);
    if (command.type === 'setLoadLimit' && typeof command.loadLimit === 'number') {
      this.loadLimit = command.loadLimit;
      void this.report();
    }
    if (command.type === 'upgrade' && typeof command.firmwareVersion === 'string') {
      const version = command.firmwareVersion;
      this.upgrading = true;
      void this.report();
      setTimeout(() => {
        this.firmwareVersion = version;
        this.upgrading = false;
        void this.report();
      }, this.options.upgradeMs ?? 2000);
    }
  }
}
