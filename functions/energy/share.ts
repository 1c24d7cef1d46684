/**
 * Sharing a transformer group's power among its charging sessions (docs/decisions/427). Pure: the
 * balancer (functions/energy/balancer.ts) reads the group, its sessions and its measured load, and sends
 * what this returns as charging profiles.
 *
 * - Available power: the group's rated power, less the load its energy box measures that is not charging
 *   (none without a box), never below 0.
 * - Each session may take up to its cap: the connector's maximum; and, when the EV draws clearly less than
 *   the limit it had (below DRAW_SLACK of it), its measured draw plus DRAW_MARGIN (an EV that is nearly full
 *   or limits itself leaves the rest to the others; one that draws its limit may want more).
 * - Average mode (fair, the default): water-filling. Every session gets an equal share; a session whose cap
 *   is below the share gets its cap, and what it leaves is shared again among the others, until nothing is
 *   left or every session has its cap.
 * - Maximum mode: sessions in the order they started each get their cap while power is left (first come, first
 *   served: the earlier driver charges at full power).
 * - Idle connectors share what is left equally (up to each one's maximum): their TxDefaultProfile, what a new
 *   session starts with before it re-balances (at once), so even sessions starting together stay within it.
 * Limits are whole watts, rounded down, so their sum never exceeds what is available.
 */

/** What the EV draws below this share of its limit counts as taking less than it was given. */
export const DRAW_SLACK = 0.9;
/** What an EV that takes less than its limit is given beyond its draw (W), so it can still rise. */
export const DRAW_MARGIN = 1_000;

export interface ShareSession {
  key: string;
  /** The connector's maximum (W). */
  maxW: number;
  /** What the EV draws now (W), if measured. */
  drawW?: number;
  /** The limit it had until now (W), if any. */
  limitW?: number;
  startTime: string;
}

export interface ShareInput {
  /** POWER_MODE: 1 average (fair share), 2 maximum (first come, first served). */
  mode: number;
  ratedW: number;
  /** The load of the group that is not charging (measured by its energy box), W. */
  otherW: number;
  sessions: ShareSession[];
  /** Idle connectors (key and maximum), for their default limit. */
  idle: { key: string; maxW: number }[];
  /** At most this much for charging whatever the group could take (solar-surplus mode: the PV surplus). */
  capW?: number;
}

export interface ShareResult {
  availableW: number;
  limits: Record<string, number>;
  /** The default limit of each idle connector. */
  idleLimits: Record<string, number>;
}

/** The most a session may take: its connector's maximum, or its draw and a margin when it takes less. */
export function capOf(s: ShareSession): number {
  const max = Math.max(0, s.maxW);
  if (s.drawW === undefined || s.limitW === undefined || s.drawW >= s.limitW * DRAW_SLACK) return max;
  return Math.min(max, Math.max(0, s.drawW) + DRAW_MARGIN);
}

export function sharePower(input: ShareInput): ShareResult {
  const availableW = Math.max(
    0,
    Math.floor(Math.min(input.ratedW - Math.max(0, input.otherW), input.capW ?? Infinity)),
  );
  const limits: Record<string, number> = {};
  let left = availableW;
  if (input.mode === 2) {
    const ordered = [...input.sessions].sort(
      (a, b) => a.startTime.localeCompare(b.startTime) || a.key.localeCompare(b.key),
    );
    for (const s of ordered) {
      const w = Math.floor(Math.min(capOf(s), left));
      limits[s.key] = w;
      left -= w;
    }
  } else {
    // Water-filling: the sessions with the smallest caps are settled first.
    const ordered = [...input.sessions].sort((a, b) => capOf(a) - capOf(b) || a.key.localeCompare(b.key));
    let count = ordered.length;
    for (const s of ordered) {
      const share = Math.floor(left / count);
      const w = Math.min(Math.floor(capOf(s)), share);
      limits[s.key] = w;
      left -= w;
      count--;
    }
  }
  const idleLimits: Record<string, number> = {};
  const each = input.idle.length ? Math.floor(left / input.idle.length) : 0;
  for (const c of input.idle) idleLimits[c.key] = Math.min(Math.floor(Math.max(0, c.maxW)), each);
  return { availableW, limits, idleLimits };
}
