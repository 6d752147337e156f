import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSettlementScheduler, duePeriods } from './scheduler.ts';
import type { SettlementService } from './service.ts';

describe('the settlement scheduler', () => {
  it('settles the last closed hour and the previous day, half month and month (GMT+8)', () => {
    // 00:05 of 2030-03-02 in GMT+8.
    expect(duePeriods(new Date('2030-03-01T16:05:00.000Z'))).toEqual([
      '2030-03-01T23',
      '2030-03-01',
      '2030-02-H2',
      '2030-02',
    ]);
    // 13:59 of 2030-03-16 in GMT+8.
    expect(duePeriods(new Date('2030-03-16T05:59:00.000Z'))).toEqual([
      '2030-03-16T12',
      '2030-03-15',
      '2030-03-H1',
      '2030-02',
    ]);
  });

  it('logs a failed period and goes on with the others', async () => {
    const settled: string[] = [];
    const errors: unknown[] = [];
    const service = {
      scheduler: { enabled: true, clock: () => new Date('2030-03-01T16:05:00.000Z') },
      settle: (key: string) => {
        settled.push(key);
        if (key === '2030-03-01') return Promise.reject(new Error('database gone'));
        return Promise.resolve({
          periods: [key],
          paid: key === '2030-02' ? 1 : 0,
          awaitingApproval: 0,
          nothingDue: 0,
          alreadySettled: 0,
          amountPaid: 0,
        });
      },
    } as unknown as SettlementService;
    const infos: unknown[] = [];
    const log = {
      info: (entry: unknown) => infos.push(entry),
      error: (entry: unknown) => errors.push(entry),
    } as unknown as FastifyBaseLogger;
    const scheduler = createSettlementScheduler({ settlementService: service, log });
    await expect(scheduler.tick()).resolves.toBeUndefined();
    expect(settled).toEqual(['2030-03-01T23', '2030-03-01', '2030-02-H2', '2030-02']);
    expect(errors).toEqual([expect.objectContaining({ period: '2030-03-01' })]);
    expect(infos).toEqual([expect.objectContaining({ period: '2030-02', paid: 1 })]);
  });
});
