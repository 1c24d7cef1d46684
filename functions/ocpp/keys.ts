/**
 * Keys of items the OCPP domain reads, for code that writes or reads them by hand (tests, seeds). They come
 * from the entities that own the items: a charger's credentials (passwordHash, agentId) are fields of its
 * charge point record (functions/chargepoints/sites.ts, the repository's), so deleting the record refuses the
 * charger; a remote command is functions/data/commands.ts's.
 */
import { chargePointResource } from '@shared/resources/site/charge-point.ts';
import { commands } from '@functions/data/commands.ts';
import { Repository } from '@functions/data/repository.ts';

const chargePoints = new Repository<{ id: string }>({ type: chargePointResource.type, idField: 'id' });

export const chargePointCredentialsKey = (chargePointId: string) => chargePoints.key(chargePointId);

/** A remote command; its id is also the OCPP message id of the CALL sent to the charger. */
export const commandKey = (commandId: string) =>
  commands.get({ commandId }).params().Key as { pk: string; sk: string };
