/**
 * Commands that change what a charger does for its drivers at once, and what their confirmation says: the
 * command, the charger (its name and id), the connector where it has one and the options chosen
 * (docs/decisions/451-charger-actions-confirmed.md). The charger control screen and the device screens'
 * "Send to chargers" dialog (firmware) ask the same.
 */
import type { Translate } from '@web/resources/i18n.ts';
import { commandName, optionText, paramLabel } from './labels.ts';
import type { ParamSpec } from './param-form.tsx';
import type { PileRow } from './pile-picker.tsx';

export const CONFIRMED_COMMANDS: ReadonlySet<string> = new Set([
  'reset',
  'changeAvailability',
  'unlockConnector',
  'remoteStop',
  'updateFirmware',
  'signedUpdateFirmware',
]);

const C = 'commandConsole';

/** The charger as the confirmation names it: "name (id)", or its id when it has no other name. */
export const pileText = (pile: Pick<PileRow, 'chargePointId' | 'name'>) =>
  pile.name && pile.name !== pile.chargePointId ? `${pile.name} (${pile.chargePointId})` : pile.chargePointId;

/** The confirmation's title. */
export const confirmationTitle = (tr: Translate, command: string) =>
  tr(`${C}.form.confirmTitle`, { command: commandName(tr, command) });

/** The confirmation's text: the command, the charger, the connector (if any), the options chosen. */
export function confirmationText(
  tr: Translate,
  ask: {
    command: string;
    pile: Pick<PileRow, 'chargePointId' | 'name'>;
    connectorNo?: string | number;
    specs: readonly ParamSpec[];
    params: Record<string, unknown>;
  },
): string {
  const command = commandName(tr, ask.command);
  const chosen = ask.specs
    .filter((s) => s.kind === 'select' && ask.params[s.name] !== undefined)
    .map((s) => `${paramLabel(tr, s.name)}: ${optionText(tr, s.name, ask.params[s.name])}`);
  const detail = chosen.length ? ` ${chosen.join('; ')}.` : '';
  const pile = pileText(ask.pile);
  return ask.connectorNo !== undefined && ask.connectorNo !== ''
    ? tr(`${C}.form.confirmConnector`, { command, pile, connector: ask.connectorNo, detail })
    : tr(`${C}.form.confirmPile`, { command, pile, detail });
}
