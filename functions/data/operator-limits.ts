/**
 * A company's limit binding (its charger count and revenue tariff), keys `OPERATORLIMIT#{id}` /
 * `OPERATORLIMIT`: the repository's entity (repository.ts), one binding per company.
 */
import { Repository } from './repository.ts';

export interface OperatorLimitRecord {
  id: string;
  name: string;
  gunNum: number;
  revenueTariff: string;
  agentId?: string;
}

export const operatorLimits = new Repository<OperatorLimitRecord>({
  type: 'OPERATORLIMIT',
  idField: 'id',
  unique: (l) => ({ limitCompany: l.agentId }),
  uniqueMessage: { limitCompany: 'server.limitCompanyTaken' },
});
