/**
 * The stop reason catalogue (always, SEED=none too): one entry per code the OCPP reasons map to
 * (shared/ocpp/stop-reasons.ts), written through the stop reason resource's repository with its unique-code
 * guard. A code an administrator already added is left as it is.
 */
import { stopReasonSchema } from '@shared/resources/catalogue/stop-reason.ts';
import { STOP_REASONS } from '@shared/ocpp/stop-reasons.ts';
import { stopReasons } from '@functions/biz/catalogue-resources.ts';
import { AppError } from '@functions/lib/errors.ts';
import { newId, PLATFORM_TENANT } from '@functions/lib/records.ts';
import type { SeedStep } from './index.ts';

export const stopReasonCatalogue: SeedStep = {
  id: 'stop-reason-catalogue',
  always: true,
  async run() {
    await Promise.all(
      STOP_REASONS.map(async (entry) => {
        const fields = stopReasonSchema.parse(entry);
        try {
          await stopReasons.repo.create({ ...fields, id: newId(), tenant: PLATFORM_TENANT }, PLATFORM_TENANT);
        } catch (error) {
          // The code is taken (added by hand before this step ran): keep that entry.
          if (!(error instanceof AppError)) throw error;
        }
      }),
    );
  },
  describe: () => [],
};
