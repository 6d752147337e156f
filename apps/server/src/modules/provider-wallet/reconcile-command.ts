import { parseArgs } from 'node:util';
import { utcDay } from '@kl/contracts/provider-report';
import { COMMAND_EXIT } from '../../db/seed/commands.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { isDomainError } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { createProviderReconciliation } from './reconcile.ts';
import { createProviderWalletRepository } from './repository.ts';

export const PROVIDER_RECONCILE_COMMAND = 'provider:reconcile';

export const PROVIDER_RECONCILE_USAGE = [
  'usage: npm run provider:reconcile -- --day YYYY-MM-DD [--provider sandbox] [--url <report address>]',
  '  --day       a UTC day that is over',
  '  --provider  the provider’s code (sandbox by default)',
  '  --url       where the provider answers its report (when not given: its address as registered,',
  '              the provider’s report_url)',
  'Fetches the provider’s signed report of the day, compares it with the provider transactions and their',
  'ledger transactions, stores the result (replacing the day’s earlier one) and prints every difference.',
  'Exit code 0 when nothing differs, 1 with differences (or a bad day), 2 when it cannot run.',
];

export interface ReconcileSetup {
  day: string;
  provider: string;
  url: string | undefined;
}

export function parseReconcileSetup(argv: readonly string[]): ReconcileSetup | { problems: string[] } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: { day: { type: 'string' }, provider: { type: 'string' }, url: { type: 'string' } },
    }));
  } catch (error) {
    return { problems: [error instanceof Error ? error.message : String(error)] };
  }
  const day = values.day?.trim() ?? '';
  if (!day) return { problems: ['--day is required'] };
  if (!utcDay.safeParse(day).success) return { problems: [`--day ${day} is not a day: YYYY-MM-DD`] };
  return { day, provider: values.provider?.trim() || 'sandbox', url: values.url?.trim() || undefined };
}

/**
 * Runs the reconciliation of `setup` on `db` and prints it: the counts, the totals and each difference.
 * Exit code 0 when clean, 1 with differences or refused (a day not over, an unknown provider), 2 when
 * the report cannot be had.
 */
export async function reconcileAndPrint(options: {
  setup: ReconcileSetup;
  db: Db;
  /** Opens the providers' signing keys (SECRET_KEYS). */
  secrets: SecretBox;
  clock: Clock;
  merchantCode: string;
  write: (line: string) => void;
}): Promise<number> {
  const { setup, write } = options;
  const reconciliation = createProviderReconciliation({
    clock: options.clock,
    merchantCode: options.merchantCode,
    repo: createProviderWalletRepository(options.db, options.secrets),
    reportUrl: () => setup.url,
  });
  try {
    const run = await reconciliation.run(setup.provider, setup.day, PROVIDER_RECONCILE_COMMAND);
    write(`${PROVIDER_RECONCILE_COMMAND}: ${run.providerCode} ${run.day} (merchant ${options.merchantCode})`);
    write(
      `  transactions: ${run.providerTransactions} reported by the provider, ${run.operatorTransactions} recorded by the operator`,
    );
    for (const side of ['provider', 'operator'] as const) {
      const totals = run.totals[side];
      write(
        `  ${side.padEnd(8)} bet ${totals.bet.count} / ${totals.bet.amount}   win ${totals.win.count} / ${totals.win.amount}   rollback ${totals.rollback.count} / ${totals.rollback.amount}`,
      );
    }
    if (run.differenceCount === 0) {
      write('  no differences');
      return COMMAND_EXIT.done;
    }
    write(`  ${run.differenceCount} difference(s):`);
    for (const difference of run.differences) {
      const side = (of: { amount: number; status: string } | null) =>
        of === null ? 'none' : `${of.status} ${of.amount}`;
      write(
        `  - ${difference.kind} ${difference.action ?? 'round'} ${difference.transactionId ?? difference.roundId ?? ''}` +
          ` player ${difference.playerId ?? '?'} round ${difference.roundId ?? '?'}` +
          ` (provider: ${side(difference.provider)}; operator: ${side(difference.operator)})`,
      );
    }
    return COMMAND_EXIT.refused;
  } catch (error) {
    if (isDomainError(error)) {
      write(`${PROVIDER_RECONCILE_COMMAND}: ${error.code} ${JSON.stringify(error.value ?? {})}`);
      return error.code === 'GAME_PROVIDER_UNAVAILABLE' ? COMMAND_EXIT.cannotRun : COMMAND_EXIT.refused;
    }
    write(`${PROVIDER_RECONCILE_COMMAND} failed: ${error instanceof Error ? error.message : String(error)}`);
    return COMMAND_EXIT.cannotRun;
  }
}
