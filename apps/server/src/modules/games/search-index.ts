import { GAME_TYPES, type GameType } from '@kl/contracts/games';
import type { GameRow } from '../../db/schema/index.ts';
import { searchableName } from './search-text.ts';

/**
 * The game search in memory (docs/decisions/023-game-search-index.md): each merchant's listed games in list
 * order (sort rank, then id), with position lists per game type, vendor, type and vendor, classification,
 * new, top and name trigram. A search walks the shortest list that applies and checks every filter on
 * each of its games, so it answers the rows and the count of the SQL search (repository.ts) without a
 * database round trip. An answer's positions are kept (a few hundred answers, bounded), so the next page of
 * the same search is a slice.
 *
 * The index of a merchant is built at start (index.ts) or on its first search, read in pages of PAGE rows so
 * that the event loop keeps answering in between. Any change of the catalogue calls `invalidate`: from then on until the new index
 * is built, searches are answered by SQL, never by the old index, so a game the back office switched off is
 * not listed even for a moment.
 */

/** What the index keeps of a game: the row without its trigrams (held once, in the index) and creation time. */
export type ListedGameRow = Omit<GameRow, 'nameTrigrams' | 'createdAt'>;

/** Filters of a game search, already checked (product.md §3 Game search query). */
export interface GameFilters {
  gameType?: GameType;
  vassalage?: string;
  gameClassify?: string;
  isNew?: boolean;
  isTop?: boolean;
  /** Hundredths of the game credit. */
  minBet?: number;
  minLine?: number;
  gameName?: string;
}

export interface SearchPage<Row> {
  rows: Row[];
  total: number;
}

/** Rows read per query while building an index. */
export const PAGE = 5_000;
/** Answers kept per index, and how many positions they may hold together (4 bytes each). */
const ANSWERS_KEPT = 512;
const POSITIONS_KEPT = 2_000_000;
/** Pages kept per answer (the first asked go first). */
const PAGES_KEPT = 16;

/** The three UTF-16 units of a name from `at`, as one number (a trigram of search-text.ts). */
const gramKey = (text: string, at: number) =>
  (text.charCodeAt(at) * 65_536 + text.charCodeAt(at + 1)) * 65_536 + text.charCodeAt(at + 2);

function append<Key>(lists: Map<Key, number[]> | undefined, key: Key, position: number) {
  const list = lists?.get(key);
  if (list) list.push(position);
  else lists?.set(key, [position]);
}

const NEW = 1;
const TOP = 2;
const EMPTY = new Int32Array(0);
const asRow = (row: ListedGameRow) => row;

/** One merchant's listed games, searchable. Built once from rows in list order, then never changed. */
export class CatalogueIndex {
  private readonly rows: ListedGameRow[] = [];
  /** The answers `page` made of the games shown so far, by position. */
  private readonly shown: unknown[] = [];
  private readonly names: string[] = [];
  private readonly types: number[] = [];
  private readonly vendors: number[] = [];
  private readonly flags: number[] = [];
  private readonly minBets: number[] = [];
  private readonly minLines: number[] = [];
  private readonly vendorIds = new Map<string, number>();
  /** Position lists while building; `lists` and `grams` once sealed. */
  private building: Map<string, number[]> | undefined = new Map();
  private buildingGrams: Map<number, number[]> | undefined = new Map();
  private lists = new Map<string, Int32Array>();
  /** Position lists of the name trigrams, by `gramKey`. */
  private grams = new Map<number, Int32Array>();
  /** Strings shared by many rows (vendor, type, colour, names repeated in nodeName and displayName). */
  private interned: Map<string, string> | undefined = new Map();
  private typeCodes!: Uint8Array;
  private vendorCodes!: Int32Array;
  private flagCodes!: Uint8Array;
  private minBetCodes!: Int32Array;
  private minLineCodes!: Int32Array;
  private readonly answers = new Map<string, Int32Array>();
  /**
   * The pages made of an answer's positions (each its rows array), by offset and limit: the same page
   * asked again is the same array, so what the route writes of it is kept by that array (routes.ts).
   * They live as long as their answer is kept; an array belongs to one offset, limit and total.
   */
  private readonly pagesShown = new WeakMap<Int32Array, Map<string, unknown[]>>();
  private answerPositions = 0;
  /** While building: the last position each gram was posted for. */
  private postedAt = new Map<number, number>();

  get size(): number {
    return this.rows.length;
  }

  private intern<T extends string | null>(text: T): T {
    if (text === null || this.interned === undefined) return text;
    const known = this.interned.get(text);
    if (known !== undefined) return known as T;
    this.interned.set(text, text);
    return text;
  }

  private post(key: string, position: number) {
    append(this.building, key, position);
  }

  /** Adds rows that come after every row added so far in list order. */
  add(rows: readonly ListedGameRow[]): void {
    if (!this.building) throw new Error('the index is sealed');
    for (const source of rows) {
      const position = this.rows.length;
      const row: ListedGameRow = {
        ...source,
        merchantCode: this.intern(source.merchantCode),
        gameType: this.intern(source.gameType),
        vassalage: this.intern(source.vassalage),
        vendorCode: this.intern(source.vendorCode),
        nodeName: this.intern(source.nodeName),
        gameName: this.intern(source.gameName),
        displayName: this.intern(source.displayName),
        lottoMode: this.intern(source.lottoMode),
        gameClassify: this.intern(source.gameClassify),
        classifyTags: source.classifyTags.map((tag) => this.intern(tag)),
        colour: this.intern(source.colour),
      };
      this.rows.push(row);
      this.names.push(row.nameSearch);
      let vendor = this.vendorIds.get(row.vassalage);
      if (vendor === undefined) {
        vendor = this.vendorIds.size;
        this.vendorIds.set(row.vassalage, vendor);
      }
      this.types.push(GAME_TYPES.indexOf(row.gameType));
      this.vendors.push(vendor);
      this.flags.push((row.isNew ? NEW : 0) | (row.isTop ? TOP : 0));
      this.minBets.push(row.minBet);
      this.minLines.push(row.minLine);
      this.post(`t:${row.gameType}`, position);
      this.post(`v:${row.vassalage}`, position);
      this.post(`tv:${row.gameType}:${row.vassalage}`, position);
      for (const tag of new Set(row.classifyTags)) this.post(`c:${tag}`, position);
      if (row.isNew) this.post('new', position);
      if (row.isTop) this.post('top', position);
      const name = row.nameSearch;
      let previous = -1;
      for (let at = 0; at + 3 <= name.length; at += 1) {
        const key = gramKey(name, at);
        // A gram repeated in the name is posted once (lists stay ascending without duplicates).
        if (key === previous || this.postedAt.get(key) === position) continue;
        this.postedAt.set(key, position);
        previous = key;
        append(this.buildingGrams, key, position);
      }
    }
  }

  /** Ends the building: position lists and columns become typed arrays. */
  seal(): this {
    if (!this.building) return this;
    for (const [key, list] of this.building) this.lists.set(key, Int32Array.from(list));
    for (const [key, list] of this.buildingGrams ?? []) this.grams.set(key, Int32Array.from(list));
    this.building = undefined;
    this.buildingGrams = undefined;
    this.postedAt.clear();
    this.interned = undefined;
    this.typeCodes = Uint8Array.from(this.types);
    this.vendorCodes = Int32Array.from(this.vendors);
    this.flagCodes = Uint8Array.from(this.flags);
    this.minBetCodes = Int32Array.from(this.minBets);
    this.minLineCodes = Int32Array.from(this.minLines);
    for (const column of [this.types, this.vendors, this.flags, this.minBets, this.minLines]) {
      column.length = 0;
    }
    return this;
  }

  /** Position lists and cached answers, in bytes (the rows themselves are not counted). */
  listBytes(): number {
    let bytes = 0;
    for (const list of this.lists.values()) bytes += list.byteLength;
    for (const list of this.grams.values()) bytes += list.byteLength;
    return bytes + this.answerPositions * 4;
  }

  /** The games matching `filters`: one page of them in list order, and how many there are. */
  search(filters: GameFilters, limit: number, offset: number): SearchPage<ListedGameRow> {
    return this.page(filters, limit, offset, asRow);
  }

  /**
   * As `search`, each game as `present` makes it. What it makes is kept for the index's life (a game's
   * answer does not change until the catalogue does), one per game shown, so `present` must be the same
   * function on every call. A page asked again while its answer is kept has the same rows array.
   */
  page<Answer>(
    filters: GameFilters,
    limit: number,
    offset: number,
    present: (row: ListedGameRow) => Answer,
  ): SearchPage<Answer> {
    const positions = this.matches(filters);
    let pages = this.pagesShown.get(positions);
    if (!pages) {
      pages = new Map();
      this.pagesShown.set(positions, pages);
    }
    const pageKey = `${offset}:${limit}`;
    const known = pages.get(pageKey);
    if (known) return { rows: known as Answer[], total: positions.length };
    const rows: Answer[] = [];
    const end = Math.min(positions.length, offset + limit);
    for (let at = offset; at < end; at += 1) {
      const position = positions[at] as number;
      let shown = this.shown[position] as Answer | undefined;
      if (shown === undefined) {
        shown = present(this.rows[position] as ListedGameRow);
        this.shown[position] = shown;
      }
      rows.push(shown);
    }
    pages.set(pageKey, rows);
    if (pages.size > PAGES_KEPT) pages.delete(pages.keys().next().value as string);
    return { rows, total: positions.length };
  }

  /** Positions (in list order) of every game matching `filters`, remembered for the next pages. */
  matches(filters: GameFilters): Int32Array {
    this.seal();
    const name = filters.gameName ? searchableName(filters.gameName) : '';
    const key = JSON.stringify([
      filters.gameType,
      filters.vassalage,
      filters.gameClassify,
      filters.isNew,
      filters.isTop,
      filters.minBet,
      filters.minLine,
      name,
    ]);
    const known = this.answers.get(key);
    if (known) {
      // Most recently used last: the oldest answers go first.
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const found = this.scan(filters, name);
    this.remember(key, found);
    return found;
  }

  private remember(key: string, found: Int32Array) {
    if (found.length > POSITIONS_KEPT / 4) return;
    this.answers.set(key, found);
    this.answerPositions += found.length;
    for (const [oldest, list] of this.answers) {
      if (this.answers.size <= ANSWERS_KEPT && this.answerPositions <= POSITIONS_KEPT) break;
      this.answers.delete(oldest);
      this.answerPositions -= list.length;
    }
  }

  private scan(filters: GameFilters, name: string): Int32Array {
    const { gameType, vassalage, gameClassify, isNew, isTop, minBet, minLine } = filters;
    // Every list that applies must exist (a missing one: nothing matches); the shortest drives the walk.
    const keys: string[] = [];
    if (gameType && vassalage) keys.push(`tv:${gameType}:${vassalage}`);
    else if (vassalage) keys.push(`v:${vassalage}`);
    else if (gameType) keys.push(`t:${gameType}`);
    if (gameClassify) keys.push(`c:${gameClassify}`);
    if (isNew === true) keys.push('new');
    if (isTop === true) keys.push('top');
    let driver: Int32Array | undefined;
    for (const key of keys) {
      const list = this.lists.get(key);
      if (!list) return EMPTY;
      if (!driver || list.length < driver.length) driver = list;
    }
    for (let at = 0; at + 3 <= name.length; at += 1) {
      const list = this.grams.get(gramKey(name, at));
      if (!list) return EMPTY;
      if (!driver || list.length < driver.length) driver = list;
    }

    const type = gameType === undefined ? -1 : GAME_TYPES.indexOf(gameType);
    const vendor = vassalage === undefined ? -1 : (this.vendorIds.get(vassalage) ?? -2);
    const flagMask = (isNew === undefined ? 0 : NEW) | (isTop === undefined ? 0 : TOP);
    const flagValue = (isNew ? NEW : 0) | (isTop ? TOP : 0);
    const found: number[] = [];
    const length = driver ? driver.length : this.rows.length;
    for (let at = 0; at < length; at += 1) {
      const position = driver ? (driver[at] as number) : at;
      if (type >= 0 && this.typeCodes[position] !== type) continue;
      if (vendor !== -1 && this.vendorCodes[position] !== vendor) continue;
      if (((this.flagCodes[position] as number) & flagMask) !== flagValue) continue;
      if (minBet !== undefined && this.minBetCodes[position] !== minBet) continue;
      if (minLine !== undefined && (this.minLineCodes[position] as number) < minLine) continue;
      if (gameClassify && !(this.rows[position] as ListedGameRow).classifyTags.includes(gameClassify)) {
        continue;
      }
      if (name && !(this.names[position] as string).includes(name)) continue;
      found.push(position);
    }
    return Int32Array.from(found);
  }
}

export interface GameSearchIndexDeps<Answer> {
  /** Up to `limit` listed games of the merchant after `after` (sort rank, id) in list order. */
  loadPage(
    merchantCode: string,
    after: { sortRank: number; id: number } | undefined,
    limit: number,
  ): Promise<ListedGameRow[]>;
  /** The database's answer, while the index is being (re)built. */
  searchDatabase(
    merchantCode: string,
    filters: GameFilters,
    limit: number,
    offset: number,
  ): Promise<SearchPage<Answer>>;
  /** A game as searches answer it (made once per game shown, kept with the index). */
  present(row: ListedGameRow): Answer;
  /** A build that failed (it is tried again on the next search). */
  onBuildError?: ((error: unknown, merchantCode: string) => void) | undefined;
}

interface MerchantState {
  /** Bumped by every invalidation; an index built from an older one is not used. */
  generation: number;
  index: CatalogueIndex | undefined;
  building: Promise<void> | undefined;
}

/** The search indexes of every merchant served by this process. */
export function createGameSearchIndex<Answer>(deps: GameSearchIndexDeps<Answer>) {
  const merchants = new Map<string, MerchantState>();

  const stateOf = (merchantCode: string): MerchantState => {
    let state = merchants.get(merchantCode);
    if (!state) {
      state = { generation: 0, index: undefined, building: undefined };
      merchants.set(merchantCode, state);
    }
    return state;
  };

  async function build(merchantCode: string, state: MerchantState): Promise<void> {
    const generation = state.generation;
    const index = new CatalogueIndex();
    let after: { sortRank: number; id: number } | undefined;
    for (;;) {
      const rows = await deps.loadPage(merchantCode, after, PAGE);
      // Changed while reading: this index would mix old and new rows. The next search starts again.
      if (state.generation !== generation) return;
      index.add(rows);
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) break;
      after = { sortRank: last.sortRank, id: last.id };
    }
    index.seal();
    if (state.generation === generation) state.index = index;
  }

  /** Starts building the merchant's index unless a build is under way; resolves when it ends. */
  function rebuild(merchantCode: string): Promise<void> {
    const state = stateOf(merchantCode);
    state.building ??= build(merchantCode, state)
      .catch((error: unknown) => deps.onBuildError?.(error, merchantCode))
      .finally(() => {
        state.building = undefined;
      });
    return state.building;
  }

  return {
    /** One page of the merchant's listed games matching `filters`, and how many match. */
    async search(
      merchantCode: string,
      filters: GameFilters,
      limit: number,
      offset: number,
    ): Promise<SearchPage<Answer>> {
      const index = stateOf(merchantCode).index;
      if (index) return index.page(filters, limit, offset, deps.present);
      void rebuild(merchantCode);
      return deps.searchDatabase(merchantCode, filters, limit, offset);
    },

    /**
     * The catalogue of a merchant (or of every merchant) changed: its index is dropped at once, searches
     * go to the database until the next one is built.
     */
    invalidate(merchantCode?: string): void {
      const codes = merchantCode === undefined ? [...merchants.keys()] : [merchantCode];
      for (const code of codes) {
        const state = stateOf(code);
        state.generation += 1;
        state.index = undefined;
      }
    },

    /** Builds the merchant's index now (at start); a failure goes to `onBuildError`. */
    warm: (merchantCode: string): Promise<void> => rebuild(merchantCode),

    /** Resolves once the merchant's index is built and current (at start, in tests and benchmarks). */
    async ready(merchantCode: string): Promise<CatalogueIndex> {
      const state = stateOf(merchantCode);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        if (state.index) return state.index;
        await rebuild(merchantCode);
      }
      throw new Error(`the game search index of ${merchantCode} could not be built`);
    },

    /** The merchant's current index, if it is built. */
    current: (merchantCode: string): CatalogueIndex | undefined => merchants.get(merchantCode)?.index,
  };
}

export type GameSearchIndex<Answer> = ReturnType<typeof createGameSearchIndex<Answer>>;
