import { systemStatus } from '@kl/contracts/status';
import { expect, it } from 'vitest';
import { createSystemStatus } from './factories.ts';

it('builds system statuses that the contracts schema accepts', () => {
  expect(systemStatus.safeParse(createSystemStatus()).success).toBe(true);
  expect(
    systemStatus.safeParse(
      createSystemStatus({ status: 1, maintenance: true, info: { maintenanceUntil: null } }),
    ).success,
  ).toBe(true);
});
