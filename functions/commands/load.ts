/**
 * The server step of commands that name a record or move a file (CommandDef `load`, docs/decisions/232): the record is
 * read in the caller's scope (another company's is "not found"), and file transfers get their signed URL
 * (functions/commands/files.ts). Only company accounts send local lists (docs/product.md section 5).
 */
import type { CommandContext, CommandDef } from '@shared/commands/catalogue.ts';
import type { Identity } from '@functions/identity/access.ts';
import { badRequest, refused } from '@functions/lib/errors.ts';
import type { Record_ } from '@functions/api/resources.ts';
import { displayRecords } from '@functions/data/displays.ts';
import { firmwareRecords } from '@functions/data/firmware.ts';
import { listVersionRecords } from '@functions/data/list-versions.ts';
import { networkRecords } from '@functions/data/networks.ts';
import { firmwareUrl, transferExpiry, uploadUrl } from './files.ts';

const repositories = {
  firmware: firmwareRecords,
  listVersion: listVersionRecords,
  display: displayRecords,
  network: networkRecords,
};

/** What send.ts knows besides the parameters. */
export interface LoadInput {
  commandId: string;
  /** The origin chargers reach the platform at. */
  baseUrl: string;
}

type Loaded = Pick<CommandContext, 'record' | 'location'>;

/** The chosen record, or a field error naming the parameter. */
async function mustLoad(kind: keyof typeof repositories, field: string, id: unknown, identity: Identity) {
  const record = await repositories[kind].get(identity.scope, String(id ?? ''));
  if (!record) throw badRequest('server.validation', { [field]: 'commandRes.validation.notFound' });
  return record as Record_;
}

export async function loadForCommand(
  def: CommandDef,
  params: Record<string, unknown>,
  identity: Identity,
  input: LoadInput,
): Promise<Loaded> {
  switch (def.load) {
    case undefined:
      return {};
    case 'firmware': {
      const firmware = await mustLoad('firmware', 'firmwareId', params.firmwareId, identity);
      if (typeof firmware.path !== 'string' || !firmware.path)
        throw badRequest('server.validation', { firmwareId: 'commandRes.validation.noFile' });
      return { location: firmwareUrl(input.baseUrl, firmware.path, transferExpiry(params)) };
    }
    case 'upload':
      return { location: uploadUrl(input.baseUrl, input.commandId, transferExpiry(params)) };
    case 'listVersion':
      if (identity.platform) throw refused('commandRes.server.localListCompanyOnly');
      return { record: await mustLoad('listVersion', 'listVersionId', params.listVersionId, identity) };
    case 'display':
      return params.displayId === undefined
        ? {}
        : { record: await mustLoad('display', 'displayId', params.displayId, identity) };
    case 'network':
      return { record: await mustLoad('network', 'networkId', params.networkId, identity) };
  }
}
