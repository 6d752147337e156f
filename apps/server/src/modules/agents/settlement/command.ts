import { parseArgs } from 'node:util';
import { parsePeriod, type SettleResult } from '@kl/contracts/agents';
import {
  COMMAND_EXIT,
  type CommandOptions,
  openConfigured,
  readCommandSetup,
} from '../../../db/seed/commands.ts';
import { type Clock, systemClock } from '../../../platform/clock.ts';
import { loadConfig } from '../../../platform/config.ts';
import { isDomainError } from '../../../platform/errors.ts';
import { createAgentContractRepository, createAgentContractService } from '../../agent-contracts/index.ts';
import { createWalletModule } from '../../wallet/index.ts';
import { createSettlementService } from './service.ts';

const COMMAND = 'agents:settle';

export const AGENTS_SETTLE_USAGE = [
  'usage: npm run agents:settle -- --period <period>',
  '  --period  a closed period of GMT+8 (the site’s clock):',
  '            YYYY-MM-DD     a day: its daily salaries and the hourly salaries of its 24 hours',
  '            YYYY-MM-DDTHH  an hour: its hourly salaries',
  '            YYYY-MM-H1     the 1st to the 15th, YYYY-MM-H2 the 16th to the end: half-month dividends',
  '            YYYY-MM        a month: monthly dividends',
  'Settles the agents’ contracts of the period in the database the server uses (DATA_DIR or DATABASE_URL):',
  'up to AGENT_SETTLEMENT_APPROVAL_THRESHOLD paid at once, above it left for finance in the back office.',
  'Running it again pays nothing twice. The embedded database must not be in use: stop the server first',
  '(PostgreSQL: at any time).',
];

function parseSettleSetup(argv: readonly string[]): { period: string } | { problems: string[] } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: { period: { type: 'string' } },
    }));
  } catch (error) {
    return { problems: [error instanceof Error ? error.message : String(error)] };
  }
  const period = values.period?.trim() ?? '';
  if (!period) return { problems: ['--period is required'] };
  if (!parsePeriod(period)) {
    return {
      problems: [
        `--period ${period} is not a period: YYYY-MM-DD, YYYY-MM-DDTHH, YYYY-MM-H1, YYYY-MM-H2 or YYYY-MM`,
      ],
    };
  }
  return { period };
}

/** The lines that tell what a run did. */
export function describeSettleResult(period: string, result: SettleResult): string[] {
  const hours = result.periods.filter((key) => key !== period);
  return [
    `settled ${period}${hours.length > 0 ? ` and its ${hours.length} hours (${hours[0]} … ${hours.at(-1)})` : ''}`,
    `  paid now:           ${result.paid} (${result.amountPaid} in minor units)`,
    `  awaiting approval:  ${result.awaitingApproval}`,
    `  nothing due:        ${result.nothingDue}`,
    `  settled before:     ${result.alreadySettled}`,
  ];
}

/**
 * `npm run agents:settle`: settles one closed period by hand (docs/agents.md, "Contracts that pay"). Exit
 * code 0 when settled (also when there was nothing to settle), 1 for a bad or open period, 2 when it
 * cannot run.
 */
export async function runAgentsSettle(options: CommandOptions & { clock?: Clock }): Promise<number> {
  const { write } = options;
  const clock = options.clock ?? systemClock;
  const setup = readCommandSetup(options, COMMAND, AGENTS_SETTLE_USAGE, parseSettleSetup);
  if ('exit' in setup) return setup.exit;
  const period = parsePeriod(setup.period)!;
  if (period.end.getTime() > clock().getTime()) {
    write(`${COMMAND}: ${period.key} is not over yet: it closes at ${period.end.toISOString()}`);
    return COMMAND_EXIT.refused;
  }
  const opened = await openConfigured(options, COMMAND);
  if (!opened) return COMMAND_EXIT.cannotRun;
  const { database, where } = opened;
  try {
    const db = database.db;
    const config = loadConfig(options.env, options.cwd);
    const service = createSettlementService({
      db,
      clock,
      config,
      merchantCode: config.merchantCode,
      ledgerService: createWalletModule({ db, clock }).ledgerService,
      agentContractService: createAgentContractService({
        db,
        contracts: createAgentContractRepository(db),
        clock,
      }),
    });
    const result = await service.settle(period.key, { by: COMMAND });
    write(`${COMMAND}: merchant ${config.merchantCode} on ${where}`);
    for (const line of describeSettleResult(period.key, result)) write(line);
    return COMMAND_EXIT.done;
  } catch (error) {
    if (isDomainError(error) && error.code === 'PERIOD_NOT_CLOSED') {
      write(`${COMMAND}: ${period.key} is not over yet: it closes at ${period.end.toISOString()}`);
      return COMMAND_EXIT.refused;
    }
    write(`${COMMAND} failed on ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return COMMAND_EXIT.cannotRun;
  } finally {
    await database.close();
  }
}
