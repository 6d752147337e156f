import type { AdminBet, AdminBetPage } from '@kl/contracts/admin/bets';
import type { GameRoundStatus } from '@kl/contracts/game-records';
import type { GameType } from '@kl/contracts/games';
import type { Locale } from '@kl/contracts/i18n';
import type { Db } from '../../../platform/db.ts';
import {
  createGameRecordsRepository,
  gameRecordOf,
  type GameRecordsRepository,
  type OperatorRoundFilter,
} from '../../game-records/index.ts';
import { memberUsername, realMemberIds } from '../../member/index.ts';
import type { AuditActor } from '../audit.ts';
import { BET_COLUMNS } from '../exports/columns.ts';
import type { CsvExports } from '../exports/csv-export.ts';

/** What narrows the bets list and its CSV (contracts `betFilters`). */
interface BetListQuery {
  username?: string | undefined;
  gameType?: GameType | undefined;
  vendorCode?: string | undefined;
  status?: GameRoundStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

type RoundRow = Awaited<ReturnType<GameRecordsRepository['operatorRounds']>>[number];

const betOf = ({ round, username }: RoundRow): AdminBet => ({
  ...gameRecordOf(round),
  memberId: round.memberId,
  username,
});

/**
 * Bets in the back office (docs/back-office.md, "Bets"): the game records of every real member of the
 * merchant, newest first, by member, game, status and period, and their CSV. Trial members' play money is
 * left out, as the reports leave it.
 */
export function createBetsList(deps: { db: Db; merchantCode: string; exports: CsvExports }) {
  const { merchantCode } = deps;
  const rounds = createGameRecordsRepository(deps.db);

  const filterOf = (query: BetListQuery): OperatorRoundFilter => ({
    merchantCode,
    members: realMemberIds(merchantCode, query.username),
    gameType: query.gameType,
    vendorCode: query.vendorCode,
    status: query.status,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
  });

  return {
    async list(query: BetListQuery & { pageNo: number; pageSize: number }): Promise<AdminBetPage> {
      const filter = filterOf(query);
      const [rows, total] = await Promise.all([
        rounds.operatorRounds(memberUsername, filter, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
        rounds.operatorCount(filter),
      ]);
      return { list: rows.map(betOf), pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /** The whole list the filter selects, as CSV (docs/back-office.md, "Exports"), audited. */
    exportCsv(actor: AuditActor, query: BetListQuery & { lang: Locale }) {
      const filter = filterOf(query);
      return deps.exports.list(actor, query.lang, {
        action: 'bet.export',
        name: 'bets',
        filter: query,
        columns: BET_COLUMNS,
        count: () => rounds.operatorCount(filter),
        rows: async (after, limit) =>
          (await rounds.operatorRounds(memberUsername, filter, { limit, after: after?.id })).map(betOf),
      });
    },
  };
}
export type BetsList = ReturnType<typeof createBetsList>;
