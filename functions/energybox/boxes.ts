/**
 * Energy boxes: the declared resource (the piles a box is linked to must be the caller's), the list and
 * detail joined with what each box reports, and the commands sent to a box over MQTT (the IoT data plane's
 * Publish on `ebox/{code}/commands`): a new load limit, and a firmware upgrade. A box not linked to any pile
 * is flagged and not upgraded (docs/product.md section 5).
 */
import { PublishCommand } from '@aws-sdk/client-iot-data-plane';
import type { z } from 'zod';
import {
  EBOX_HISTORY_MINUTES,
  eboxUpgradeSchema,
  energyBoxResource,
  loadLimitSchema,
} from '@shared/resources/device/energy-box.ts';
import { topology } from '@shared/topology/index.ts';
import type { Identity } from '@functions/identity/access.ts';
import { energyBoxStatesOf, getEnergyBoxState } from '@functions/data/energy-boxes.ts';
import { energyBoxSamplesSince } from '@functions/data/meter-values.ts';
import { iotDataClient } from '@functions/lib/aws.ts';
import { notFound, refused } from '@functions/lib/errors.ts';
import {
  listPage,
  present,
  resource,
  type ListInput,
  type Record_,
  type Resource,
} from '@functions/api/resources.ts';
import type { Stored } from '@functions/lib/records.ts';
import { visibleChargePoint } from '@functions/chargepoints/sites.ts';

export const energyBoxes: Resource = resource(energyBoxResource, {
  check: async (record, identity) => {
    for (const id of (record.chargePointIds as string[]) ?? [])
      if (!(await visibleChargePoint(identity, id))) throw refused('deviceRes.server.pileNotFound', { id });
  },
});

/** The latest reports of boxes by code. */
const statesOf = energyBoxStatesOf;

const withState = (box: Record<string, unknown>, state: Record<string, unknown> | undefined) => ({
  ...box,
  pileCount: ((box.chargePointIds as string[]) ?? []).length,
  // Upgrading is for boxes linked to a pile.
  unlinked: ((box.chargePointIds as string[]) ?? []).length === 0,
  state: state ?? null,
  lastReportAt: state?.updatedAt ?? null,
});

async function boxOf(identity: Identity, id: unknown): Promise<Record_ & Stored> {
  const box = await energyBoxes.repo.get(identity.scope, String(id ?? ''));
  if (!box) throw notFound();
  return box;
}

/** POST /biz/energyBox/detail?id=: the box, its latest report and the last hour of samples (oldest first). */
export async function energyBoxDetail(identity: Identity, id: unknown) {
  const box = await boxOf(identity, id);
  const since = new Date(Date.now() - EBOX_HISTORY_MINUTES * 60_000).toISOString();
  const [state, history] = await Promise.all([
    getEnergyBoxState(box.id),
    energyBoxSamplesSince(box.id, since),
  ]);
  return { ...withState(present(energyBoxes, box), state), history };
}

const commandsTopic = (code: string) => topology.iot.topics.commands!.replace('{code}', code);

async function publish(code: string, message: Record<string, unknown>) {
  await iotDataClient().send(
    new PublishCommand({
      topic: commandsTopic(code),
      qos: 1,
      payload: new TextEncoder().encode(JSON.stringify(message)),
    }),
  );
}

/** POST /biz/energyBox/loadLimit: the box's limit (stored) and the command to apply it. */
export async function setLoadLimit(identity: Identity, { id, loadLimit }: z.infer<typeof loadLimitSchema>) {
  const box = await boxOf(identity, id);
  const saved = await energyBoxes.repo.update(box, { ...box, loadLimit });
  await publish(box.id, { type: 'setLoadLimit', loadLimit, at: new Date().toISOString() });
  return present(energyBoxes, saved);
}

/** POST /biz/energyBox/upgrade: sends the firmware to the linked boxes; answers which were flagged. */
export async function upgradeBoxes(
  identity: Identity,
  { ids, firmwareVersion, url }: z.infer<typeof eboxUpgradeSchema>,
) {
  const boxes = await Promise.all(ids.map((id) => boxOf(identity, id)));
  const flagged = boxes.filter((b) => ((b.chargePointIds as string[]) ?? []).length === 0).map((b) => b.id);
  const sent: string[] = [];
  for (const box of boxes)
    if (!flagged.includes(box.id)) {
      await publish(box.id, { type: 'upgrade', firmwareVersion, url, at: new Date().toISOString() });
      sent.push(box.id);
    }
  return { sent, flagged };
}

/** Boxes with what each last reported. */
export async function listEnergyBoxes(identity: Identity, input: ListInput) {
  const page = await listPage(energyBoxes, identity, input);
  const states = await statesOf(page.records.map((r) => String(r.id)));
  return { ...page, records: page.records.map((r) => withState(r, states.get(String(r.id)))) };
}
