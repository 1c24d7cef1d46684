/**
 * Commands an eMSP sent through OCPI (docs/decisions/426-ocpi-cpo.md): which partner sent the OCPP command
 * and where its result goes. `ROAMCMD#{commandId}` / `CMD`, written before the command is queued; read when
 * the command ends.
 */
import { defineEntity, getRecord, model, send } from './table.ts';

export interface RoamingCommand {
  commandId: string;
  partnerId: string;
  /** OCPI command type (START_SESSION...). */
  type: string;
  responseUrl: string;
  createdAt: string;
}

export const roamingCommands = defineEntity({
  model: model('ROAMCMD'),
  attributes: {
    commandId: { type: 'string', required: true },
    partnerId: { type: 'string', required: true },
    type: { type: 'string', required: true },
    responseUrl: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    byCommand: {
      pk: { field: 'pk', composite: ['commandId'], template: 'ROAMCMD#${commandId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'CMD', casing: 'none' },
    },
  },
});

export const putRoamingCommand = (command: RoamingCommand) => send.put(roamingCommands.put(command).params());

export const getRoamingCommand = (commandId: string) =>
  getRecord<RoamingCommand>(roamingCommands.get({ commandId }).params());
