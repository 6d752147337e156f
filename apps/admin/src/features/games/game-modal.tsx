import { GAME_CLASS_TAGS, SORT_RANK_MAX, type AdminGame, type GameClassTag } from '@kl/contracts/admin/games';
import { GAME_NAME_MAX, LOTTERY_GAME_TYPES, MIN_BETS, type GameType, type MinBet } from '@kl/contracts/games';
import { SLOT_TITLE_MACHINE_IDS } from '@kl/contracts/slot';
import { studioMachine } from '@kl/contracts/slot-machines/index';
import { Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ImageUpload } from '../../shared/ui/image-upload.tsx';
import { useSaveGame } from './use-catalogue.ts';
import { useGameVendors, vendorKey } from './use-game-updates.ts';

/** What the game form edits: a new game, an existing one, or nothing (closed). */
export type GameEditing = { mode: 'new' } | { mode: 'edit'; game: AdminGame } | null;

interface GameValues {
  /** `<category>:<vendor code>`. */
  vendor: string;
  gameId: string;
  gameName: string;
  classes: GameClassTag[];
  minBet: MinBet;
  minLine: number;
  sortRank: number | null;
  hot: boolean;
  isNew: boolean;
  isTop: boolean;
  supportPlay: boolean;
  enabled: boolean;
  /** Its uploaded artwork; null: drawn by the site. */
  imageId: string | null;
  /** The studio machine of an in-house slot title (edited only, for such a title). */
  slotMachine?: (typeof SLOT_TITLE_MACHINE_IDS)[number];
}

const FLAGS = ['enabled', 'hot', 'isNew', 'isTop', 'supportPlay'] as const;

/**
 * "Add game" and "Edit": its vendor in a category and its game id at the provider (fixed once added), its
 * one name, the classes the player filters use, its artwork (uploaded, or drawn by the site), minimum bet,
 * lines, position and switches.
 */
export function GameModal({ editing, onClose }: { editing: GameEditing; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const vendors = useGameVendors();
  const save = useSaveGame();
  const existing = editing?.mode === 'edit' ? editing.game : undefined;
  const close = () => {
    save.reset();
    onClose();
  };
  const vendorOptions = (vendors.data?.list ?? [])
    .filter((vendor) => !(LOTTERY_GAME_TYPES as readonly GameType[]).includes(vendor.gameCategory))
    .map((vendor) => ({
      value: vendorKey(vendor),
      label: `${vendor.displayName} (${t(`games.categories.${vendor.gameCategory}`)})`,
    }));

  const initialValues: Partial<GameValues> = existing
    ? {
        vendor: vendorKey({ gameCategory: existing.gameType, vassalage: existing.vassalage }),
        gameId: existing.gameId,
        gameName: existing.gameName,
        classes: existing.classes.filter((tag): tag is GameClassTag =>
          (GAME_CLASS_TAGS as readonly string[]).includes(tag),
        ),
        minBet: existing.minBet as MinBet,
        minLine: existing.minLine,
        sortRank: existing.sortRank,
        hot: existing.hot,
        isNew: existing.isNew,
        isTop: existing.isTop,
        supportPlay: existing.supportPlay,
        enabled: existing.enabled,
        imageId: existing.imageId,
        ...(existing.slotMachine !== null && {
          slotMachine: existing.slotMachine as (typeof SLOT_TITLE_MACHINE_IDS)[number],
        }),
      }
    : {
        classes: [],
        minBet: '0.1',
        minLine: 1,
        sortRank: null,
        hot: false,
        isNew: false,
        isTop: false,
        supportPlay: false,
        enabled: true,
        imageId: null,
      };

  const submit = (values: GameValues) => {
    const common = {
      gameName: values.gameName.trim(),
      classes: values.classes,
      minBet: values.minBet,
      minLine: values.minLine,
      hot: values.hot,
      isNew: values.isNew,
      isTop: values.isTop,
      supportPlay: values.supportPlay,
      enabled: values.enabled,
      imageId: values.imageId ?? null,
      ...(values.sortRank !== null && { sortRank: values.sortRank }),
    };
    if (existing) {
      const machine = values.slotMachine !== undefined && { slotMachine: values.slotMachine };
      save.mutate({ mode: 'edit', id: existing.id, body: { ...common, ...machine } }, { onSuccess: close });
      return;
    }
    const [gameType, vassalage] = values.vendor.split(':') as [GameType, string];
    save.mutate(
      { mode: 'new', body: { ...common, vassalage, gameType, gameId: values.gameId.trim() } },
      { onSuccess: close },
    );
  };

  return (
    <FormModal<GameValues>
      open={editing !== null}
      title={existing ? t('games.editGameTitle', { name: existing.gameName }) : t('games.addGame')}
      name="game"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      initialValues={initialValues}
      onCancel={close}
      onSubmit={submit}
    >
      <Form.Item
        name="vendor"
        label={t('games.vendor')}
        rules={[{ required: true, message: t('games.vendorRequired') }]}
      >
        <Select<string>
          aria-label={t('games.vendor')}
          disabled={existing !== undefined}
          showSearch
          optionFilterProp="label"
          loading={vendors.isFetching}
          options={vendorOptions}
        />
      </Form.Item>
      <Form.Item
        name="gameId"
        label={t('games.gameId')}
        extra={existing ? undefined : t('games.gameIdHint')}
        rules={[
          { required: true, message: t('games.gameIdRequired') },
          { pattern: /^[0-9]{1,18}$/, message: t('games.gameIdFormat') },
        ]}
      >
        <Input disabled={existing !== undefined} maxLength={18} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="gameName"
        label={t('games.name')}
        extra={t('games.nameHint')}
        rules={[{ required: true, whitespace: true, message: t('games.nameRequired') }]}
      >
        <Input maxLength={GAME_NAME_MAX} />
      </Form.Item>
      <Form.Item name="classes" label={t('games.classes')} extra={t('games.classesHint')}>
        <Select<GameClassTag[]>
          mode="multiple"
          aria-label={t('games.classes')}
          options={GAME_CLASS_TAGS.map((tag) => ({ value: tag, label: t(`games.classNames.${tag}`) }))}
        />
      </Form.Item>
      {existing?.slotMachine != null && (
        <Form.Item name="slotMachine" label={t('games.slotMachine')} extra={t('games.slotMachineHint')}>
          <Select<string>
            aria-label={t('games.slotMachine')}
            options={SLOT_TITLE_MACHINE_IDS.map((id) => {
              const studio = studioMachine(id);
              const rtp = new Intl.NumberFormat(i18n.language, {
                style: 'percent',
                maximumFractionDigits: 2,
              }).format(studio?.declaredRtp ?? 0);
              return {
                value: id,
                label: t('games.slotMachineOption', {
                  name: studio?.name ?? id,
                  rtp,
                  volatility: t(`games.volatility.${studio?.volatility ?? 'medium'}`),
                }),
              };
            })}
          />
        </Form.Item>
      )}
      <Form.Item name="imageId" label={t('games.artwork')} extra={t('games.artworkHint')}>
        <ImageUpload place="game_art" label={t('games.artwork')} />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item name="minBet" label={t('games.columns.minBet')} rules={[{ required: true }]}>
          <Select<MinBet>
            aria-label={t('games.columns.minBet')}
            style={{ width: 120 }}
            options={MIN_BETS.map((value) => ({ value, label: value }))}
          />
        </Form.Item>
        <Form.Item name="minLine" label={t('games.lines')} rules={[{ required: true }]}>
          <InputNumber<number> min={1} max={1024} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="sortRank"
          label={t('games.columns.sortRank')}
          extra={existing ? undefined : t('games.sortRankHint')}
        >
          <InputNumber<number> min={0} max={SORT_RANK_MAX} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Flex>
      <Flex gap="large" wrap>
        {FLAGS.map((flag) => (
          <Form.Item key={flag} name={flag} label={t(`games.flags.${flag}`)} valuePropName="checked">
            <Switch />
          </Form.Item>
        ))}
      </Flex>
    </FormModal>
  );
}
