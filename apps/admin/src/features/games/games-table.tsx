import { adminCalls } from '@kl/contracts/admin/calls';
import { SORT_RANK_MAX, type AdminGame, type UpdateGameRequest } from '@kl/contracts/admin/games';
import { GAME_TYPES, type GameType, MIN_BETS, type MinBet } from '@kl/contracts/games';
import {
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../shared/paged-list.ts';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { GAMES_LIST, useGameVendors, useUpdateGame } from './use-game-updates.ts';

type EnabledFilter = 'all' | 'true' | 'false';
interface GameFilters {
  gameCategory?: GameType;
  vassalage?: string;
  name?: string;
  enabled: EnabledFilter;
}

/** The list position of a game: sent when it changed and the field is left (or Enter is pressed). */
function SortRankInput({
  game,
  disabled,
  onSave,
}: {
  game: AdminGame;
  disabled: boolean;
  onSave: (sortRank: number) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(game.sortRank);
  const commit = () => {
    if (value === null) setValue(game.sortRank);
    else if (value !== game.sortRank) onSave(value);
  };
  return (
    <InputNumber<number>
      size="small"
      min={0}
      max={SORT_RANK_MAX}
      precision={0}
      style={{ width: 100 }}
      aria-label={t('games.sortRankOf', { name: game.gameName })}
      value={value}
      disabled={disabled}
      onChange={setValue}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

/** The games, paged on the server, with their switches, position and minimum bet changed in place. */
export function GamesTable({
  canWrite,
  onEdit,
}: {
  canWrite: boolean;
  /** Opens the game's form. */
  onEdit: (game: AdminGame) => void;
}) {
  const { t } = useTranslation();
  const list = usePagedList(adminCalls.adminGames, GAMES_LIST, {});
  const vendors = useGameVendors();
  const update = useUpdateGame();
  const [category, setCategory] = useState<GameType | undefined>();

  const vendorOptions = [
    ...new Map(
      (vendors.data?.list ?? [])
        .filter((vendor) => category === undefined || vendor.gameCategory === category)
        .map((vendor) => [vendor.vassalage, { value: vendor.vassalage, label: vendor.displayName }]),
    ).values(),
  ];

  const locked = (game: AdminGame) => !canWrite || update.isUpdating(game.id);
  const flag = (
    key: 'enabled' | 'hot' | 'isNew' | 'isTop',
    labelKey: 'games.enabledOf' | 'games.hotOf' | 'games.newOf' | 'games.topOf',
  ) =>
    ({
      title: t(`games.columns.${key}`),
      key,
      render: (_: unknown, game: AdminGame) => (
        <Switch
          size="small"
          checked={game[key]}
          aria-label={t(labelKey, { name: game.gameName })}
          disabled={locked(game)}
          onChange={(checked) => update.update(game.id, { [key]: checked } as UpdateGameRequest)}
        />
      ),
    }) as const;

  const columns: TableColumnsType<AdminGame> = [
    {
      title: t('games.game'),
      key: 'game',
      render: (_, game) => (
        <Flex gap="small" align="center">
          {/* The card's artwork as players see it; the name beside it says whose. */}
          <img src={game.iconUrl} alt="" width={40} height={40} loading="lazy" style={{ borderRadius: 6 }} />
          <Flex vertical>
            <span>{game.gameName}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {game.gameId}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      title: t('games.category'),
      dataIndex: 'gameType',
      render: (_, game) => t(`games.categories.${game.gameType}`),
    },
    {
      title: t('games.vendor'),
      key: 'vendor',
      render: (_, game) => (
        <Space size="small" wrap>
          <span>{game.vendorName}</span>
          {game.vendorEnabled ? null : <Tag color="error">{t('games.vendorIsOff')}</Tag>}
        </Space>
      ),
    },
    flag('enabled', 'games.enabledOf'),
    flag('hot', 'games.hotOf'),
    flag('isNew', 'games.newOf'),
    flag('isTop', 'games.topOf'),
    {
      title: t('games.columns.sortRank'),
      key: 'sortRank',
      render: (_, game) => (
        <SortRankInput
          // A new position from the server starts the field again.
          key={game.sortRank}
          game={game}
          disabled={locked(game)}
          onSave={(sortRank) => update.update(game.id, { sortRank })}
        />
      ),
    },
    {
      title: t('games.columns.minBet'),
      key: 'minBet',
      render: (_, game) => (
        <Select<MinBet>
          size="small"
          style={{ width: 90 }}
          aria-label={t('games.minBetOf', { name: game.gameName })}
          value={game.minBet as MinBet}
          disabled={locked(game)}
          options={MIN_BETS.map((value) => ({ value, label: value }))}
          onChange={(minBet) => update.update(game.id, { minBet })}
        />
      ),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, game) => (
        <Button
          size="small"
          aria-label={t('games.editGameOf', { name: game.gameName })}
          disabled={locked(game)}
          onClick={() => onEdit(game)}
        >
          {t('common.edit')}
        </Button>
      ),
    });
  }

  return (
    <>
      <FilterBar<GameFilters>
        name="gameFilters"
        label={t('common.filters')}
        initialValues={{ enabled: 'all' }}
        onSearch={(values) => {
          setCategory(values.gameCategory);
          list.setFilters({
            gameCategory: values.gameCategory,
            vassalage: values.vassalage,
            name: values.name?.trim() || undefined,
            enabled: values.enabled === 'all' ? undefined : values.enabled,
          });
        }}
      >
        <Form.Item name="gameCategory" label={t('games.category')}>
          <Select<GameType>
            allowClear
            style={{ width: 170 }}
            placeholder={t('common.all')}
            options={GAME_TYPES.map((type) => ({ value: type, label: t(`games.categories.${type}`) }))}
            onChange={(value) => setCategory(value)}
          />
        </Form.Item>
        <Form.Item name="vassalage" label={t('games.vendor')}>
          <Select<string>
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 180 }}
            placeholder={t('common.all')}
            options={vendorOptions}
          />
        </Form.Item>
        <Form.Item name="name" label={t('games.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="enabled" label={t('games.columns.enabled')}>
          <Select<EnabledFilter>
            style={{ width: 130 }}
            options={[
              { value: 'all', label: t('common.all') },
              { value: 'true', label: t('games.onlyOn') },
              { value: 'false', label: t('games.onlyOff') },
            ]}
          />
        </Form.Item>
      </FilterBar>
      <PagedTable<AdminGame> label={t('games.gamesLabel')} rowKey="id" columns={columns} list={list} />
    </>
  );
}
