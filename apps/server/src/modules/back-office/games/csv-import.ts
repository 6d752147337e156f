import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_MAX_ROWS,
  CATALOGUE_CSV_REQUIRED,
  type CatalogueCsvColumn,
  type CatalogueRefusal,
  type CatalogueRowReason,
} from '@kl/contracts/admin/catalogue';
import { GAME_CLASS_TAGS, type GameClassTag, SORT_RANK_MAX } from '@kl/contracts/admin/games';
import { GAME_NAME_MAX, GAME_TYPES, type GameType, MIN_BETS, type MinBet } from '@kl/contracts/games';
import { readCsv } from '../../../platform/csv-read.ts';
import type { GameVendorRow } from '../../games/index.ts';
import { isLotteryType } from './game-rows.ts';

/**
 * A catalogue file checked line by line (docs/back-office.md, "Game catalogue"): the header names its
 * columns (any order, any case), every line is checked on its own and against the lines before it, and
 * every refused value is reported with its line, column and reason. Nothing here reads the games: whether
 * a game id is new, the same game or another vendor's is the import's question.
 */

/** A line whose every value was good: the game as the file gives it. Optional columns left empty are undefined. */
export interface CatalogueLine {
  line: number;
  vendor: GameVendorRow;
  gameId: string;
  gameName: string;
  classes: GameClassTag[];
  minBet: MinBet;
  enabled: boolean;
  hot?: boolean | undefined;
  isNew?: boolean | undefined;
  isTop?: boolean | undefined;
  sortRank?: number | undefined;
  minLine?: number | undefined;
  supportPlay?: boolean | undefined;
}

export interface CatalogueCheck {
  /** Data lines in the file. */
  rows: number;
  lines: CatalogueLine[];
  refused: CatalogueRefusal[];
}

const YES = new Set(['yes', 'y', 'true', '1', 'có', 'co']);
const NO = new Set(['no', 'n', 'false', '0', 'không', 'khong']);

const refusal = (
  line: number,
  column: CatalogueCsvColumn | null,
  reason: CatalogueRowReason,
  value: string | null = null,
): CatalogueRefusal => ({ line, column, reason, value });

function fileRefusal(reason: CatalogueRowReason, line = 1, value: string | null = null): CatalogueCheck {
  return { rows: 0, lines: [], refused: [refusal(line, null, reason, value)] };
}

/** The header's columns by position, or what is wrong with it. */
function headerOf(
  fields: readonly string[],
): { columns: (CatalogueCsvColumn | null)[] } | { refused: CatalogueRefusal[] } {
  const byName = new Map(CATALOGUE_CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const refused: CatalogueRefusal[] = [];
  const seen = new Set<CatalogueCsvColumn>();
  const columns = fields.map((field) => {
    const name = field.trim();
    const column = byName.get(name.toLowerCase());
    if (!column) {
      refused.push(refusal(1, null, 'column_unknown', name));
      return null;
    }
    if (seen.has(column)) refused.push(refusal(1, column, 'column_twice', name));
    seen.add(column);
    return column;
  });
  for (const column of CATALOGUE_CSV_REQUIRED) {
    if (!seen.has(column)) refused.push(refusal(1, column, 'column_missing'));
  }
  return refused.length > 0 ? { refused } : { columns };
}

function yesNo(value: string): boolean | undefined {
  const word = value.toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return undefined;
}

/** '0.5', '0.50', '.5' → '0.5'; undefined when not a value of the player filter. */
function minBetOf(value: string): MinBet | undefined {
  if (!/^\d*\.?\d+$/.test(value)) return undefined;
  return MIN_BETS.find((bet) => Number(bet) === Number(value));
}

function wholeIn(value: string, min: number, max: number): number | undefined {
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/** Checks the file's text against the merchant's vendors. */
export function checkCatalogueFile(text: string, vendors: readonly GameVendorRow[]): CatalogueCheck {
  if (text.includes('\uFFFD')) {
    const line = text.slice(0, text.indexOf('\uFFFD')).split('\n').length;
    return fileRefusal('not_utf8', line);
  }
  const reading = readCsv(text);
  if (!reading.ok) return fileRefusal('quote_open', reading.quoteOpenedOnLine);
  const [head, ...records] = reading.records;
  if (!head) return fileRefusal('empty_file');
  const header = headerOf(head.fields);
  if ('refused' in header) return { rows: records.length, lines: [], refused: header.refused };
  if (records.length > CATALOGUE_CSV_MAX_ROWS) {
    return { ...fileRefusal('too_many_rows', head.line, String(records.length)), rows: records.length };
  }

  const vendorOf = new Map(vendors.map((vendor) => [`${vendor.gameCategory}:${vendor.vassalage}`, vendor]));
  const firstLineOf = new Map<string, number>();
  const lines: CatalogueLine[] = [];
  const refused: CatalogueRefusal[] = [];

  for (const record of records) {
    const line = record.line;
    if (record.fields.length !== header.columns.length) {
      refused.push(refusal(line, null, 'field_count', String(record.fields.length)));
      continue;
    }
    const cell = new Map<CatalogueCsvColumn, string>();
    header.columns.forEach((column, index) => {
      if (column) cell.set(column, (record.fields[index] ?? '').trim());
    });
    const own: CatalogueRefusal[] = [];
    const refuse = (column: CatalogueCsvColumn, reason: CatalogueRowReason, value: string | null = null) =>
      own.push(refusal(line, column, reason, value));
    const required = (column: CatalogueCsvColumn): string | undefined => {
      const value = cell.get(column) ?? '';
      if (value === '') refuse(column, 'required');
      return value === '' ? undefined : value;
    };
    const optionalFlag = (column: CatalogueCsvColumn): boolean | undefined => {
      const value = cell.get(column) ?? '';
      if (value === '') return undefined;
      const flag = yesNo(value);
      if (flag === undefined) refuse(column, 'not_yes_no', value);
      return flag;
    };

    let gameType: GameType | undefined;
    const categoryText = required('category');
    if (categoryText !== undefined) {
      gameType = GAME_TYPES.find((type) => type === categoryText.toUpperCase());
      if (!gameType) refuse('category', 'category_unknown', categoryText);
      else if (isLotteryType(gameType)) refuse('category', 'category_lottery', categoryText);
    }
    const vendorText = required('vendor');
    let vendor: GameVendorRow | undefined;
    if (vendorText !== undefined && gameType && !isLotteryType(gameType)) {
      vendor = vendorOf.get(`${gameType}:${vendorText.toUpperCase()}`);
      if (!vendor) refuse('vendor', 'vendor_unknown', vendorText);
    }
    const gameId = required('gameId');
    if (gameId !== undefined) {
      const first = firstLineOf.get(gameId);
      if (!/^[0-9]{1,18}$/.test(gameId)) refuse('gameId', 'game_id_format', gameId);
      else if (first !== undefined) refuse('gameId', 'game_id_repeated', String(first));
      else firstLineOf.set(gameId, line);
    }
    const gameName = required('name');
    if (gameName !== undefined && gameName.length > GAME_NAME_MAX) refuse('name', 'name_too_long', gameName);

    const classes: GameClassTag[] = [];
    for (const word of (cell.get('classification') ?? '').split(/[|;\s]+/).filter(Boolean)) {
      const tag = GAME_CLASS_TAGS.find((known) => known === word.toUpperCase());
      if (!tag) refuse('classification', 'class_unknown', word);
      else if (classes.includes(tag)) refuse('classification', 'class_repeated', word);
      else classes.push(tag);
    }
    const minBetText = required('minBet');
    const minBet = minBetText === undefined ? undefined : minBetOf(minBetText);
    if (minBetText !== undefined && !minBet) refuse('minBet', 'min_bet_unknown', minBetText);
    const enabledText = required('enabled');
    const enabled = enabledText === undefined ? undefined : yesNo(enabledText);
    if (enabledText !== undefined && enabled === undefined) refuse('enabled', 'not_yes_no', enabledText);

    const hot = optionalFlag('hot');
    const isNew = optionalFlag('new');
    const isTop = optionalFlag('top');
    const supportPlay = optionalFlag('freePlay');
    const positionText = cell.get('position') ?? '';
    const sortRank = positionText === '' ? undefined : wholeIn(positionText, 0, SORT_RANK_MAX);
    if (positionText !== '' && sortRank === undefined) refuse('position', 'position_invalid', positionText);
    const linesText = cell.get('lines') ?? '';
    const minLine = linesText === '' ? undefined : wholeIn(linesText, 1, 1024);
    if (linesText !== '' && minLine === undefined) refuse('lines', 'lines_invalid', linesText);

    if (own.length > 0 || !vendor || gameId === undefined || gameName === undefined) {
      refused.push(...own);
      continue;
    }
    lines.push({
      line,
      vendor,
      gameId,
      gameName,
      classes,
      minBet: minBet as MinBet,
      enabled: enabled as boolean,
      hot,
      isNew,
      isTop,
      sortRank,
      minLine,
      supportPlay,
    });
  }
  return { rows: records.length, lines, refused };
}
