import { TIMING_MS } from '@kl/contracts/constants';
import { GAME_CLASSES, type GameType } from '@kl/contracts/games';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/stores/session-store.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useVendors } from '../api/get-vendors.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useGamePages, type GameSource } from '../hooks/use-game-pages.ts';
import { LIST_TYPES, listSource, type ListType } from '../lib/list-source.ts';
import { FilterPanel, type MinBetFilter } from './filter-panel.tsx';
import { GameGrid, type GridLayout } from './game-grid.tsx';
import { ColumnIcon, FilterIcon, GridIcon } from './icons.tsx';
import { VendorStrip } from './vendor-strip.tsx';
import { useVendorsOf } from './vendor-tiles.tsx';

/** product.md §4: the "new" tab is offered only for these game types. */
const NEW_TAB_TYPES: readonly GameType[] = ['RNG', 'LIVE', 'PVP', 'FISH'];

const sameSource = (a: GameSource, b: GameSource) => JSON.stringify(a) === JSON.stringify(b);

export interface GameListViewProps {
  gameType: GameType;
  type: ListType;
  /** A new list type; `clearVendor` when the vendor must go with it (the new tab, product.md §4). */
  onTypeChange: (type: ListType, clearVendor: boolean) => void;
  vassalage: string | null;
  onVendorChange: (vassalage: string | null) => void;
}

/**
 * A game list of product.md §2/§4: type filter, vendor strip, filter panel (min bet, slot class), search
 * on Enter (not for hot and favourites), grid or column layout and infinite scroll. Requests
 * follow the filters 300 ms after the last change; any change starts again at page 1.
 */
export function GameListView({ gameType, type, onTypeChange, vassalage, onVendorChange }: GameListViewProps) {
  const { t } = useTranslation();
  const { role } = useSession();
  const { data: structure } = useVendors();
  const [layout, setLayout] = useState<GridLayout>('grid');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [minBet, setMinBet] = useState<MinBetFilter>('all');
  const [gameClass, setGameClass] = useState('all');
  const [searchText, setSearchText] = useState('');
  const [gameName, setGameName] = useState('');

  const vendors = useVendorsOf(gameType);
  const classes = useMemo(() => {
    const offered = structure?.mapping[gameType]?.gameClassify ?? [];
    return ['all', ...GAME_CLASSES.filter((value) => offered.includes(value))];
  }, [structure, gameType]);

  const searchable = type === 'all' || type === 'new';
  const types = LIST_TYPES.filter((value) => value !== 'new' || NEW_TAB_TYPES.includes(gameType));

  const source = useMemo(
    () => listSource(gameType, type, vassalage, { gameClass, minBet, gameName }),
    [type, gameType, vassalage, gameClass, minBet, gameName],
  );
  const settledSource = useDebouncedValue(source, TIMING_MS.gameListDebounce, sameSource);
  const pages = useGamePages(settledSource);

  const chooseType = (next: ListType) => {
    // product.md §6: a visitor is told to log in, and the filter stays as it was.
    if ((next === 'fav' || next === 'recent') && role === 'visitor') {
      void toast.info(t('in_logged_login'));
      return;
    }
    onTypeChange(next, next === 'new');
  };
  const chooseVendor = (next: string | null) => {
    if (next === vassalage) return;
    // product.md §4: choosing another vendor resets the class tab to all.
    setGameClass('all');
    onVendorChange(next);
  };
  const runSearch = (event: FormEvent) => {
    event.preventDefault();
    setGameName(searchText.trim());
  };

  return (
    <div className="kl-games">
      <div className="kl-games__types" role="group" aria-label={t('games.listType')}>
        {types.map((value) => (
          <button
            key={value}
            type="button"
            className="kl-chip"
            aria-pressed={type === value}
            onClick={() => chooseType(value)}
          >
            {t(`games.types.${value}`)}
          </button>
        ))}
      </div>
      <div className="kl-games__toolbar">
        {searchable && (
          <form role="search" className="kl-games__search" onSubmit={runSearch}>
            <input
              type="search"
              enterKeyHint="search"
              maxLength={64}
              aria-label={t('games.search')}
              placeholder={t('games.searchPlaceholder')}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </form>
        )}
        {searchable && (
          <button
            type="button"
            className="kl-icon-button"
            aria-label={t('games.filter')}
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <FilterIcon />
          </button>
        )}
        <button
          type="button"
          className="kl-icon-button"
          aria-label={t('games.columnView')}
          aria-pressed={layout === 'column'}
          onClick={() => setLayout((current) => (current === 'grid' ? 'column' : 'grid'))}
        >
          {layout === 'grid' ? <ColumnIcon /> : <GridIcon />}
        </button>
      </div>
      {searchable && filtersOpen && (
        <FilterPanel
          minBet={minBet}
          gameClass={gameClass}
          classes={classes}
          onMinBet={setMinBet}
          onClass={setGameClass}
        />
      )}
      {(type === 'all' || type === 'hot') && vendors.length > 0 && (
        <VendorStrip vendors={vendors} selected={vassalage} onSelect={chooseVendor} />
      )}
      <GameGrid pages={pages} layout={layout} hot={type === 'hot'} label={t(`category.${gameType}`)} />
    </div>
  );
}
