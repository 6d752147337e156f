import { DEFAULT_MONEY_CONTROLS, type MoneyControls } from '@kl/contracts/admin/controls';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { createControlsService } from './service.ts';

/** Sets a merchant's money controls directly (suites that need other limits than the defaults). */
export async function setMoneyControls(
  db: Db,
  clock: Clock,
  controls: Partial<MoneyControls>,
  merchantCode = 'kimlong',
): Promise<MoneyControls> {
  const service = createControlsService({ db, clock, merchantCode });
  return db.transaction(async (tx) =>
    service.apply({ ...(await service.current(tx)), ...controls }, null, tx),
  );
}

export { DEFAULT_MONEY_CONTROLS };
