import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../shared/session.ts';
import { Screen } from '../../shared/ui/screen.tsx';
import { GameModal, type GameEditing } from './game-modal.tsx';
import { GamesTable } from './games-table.tsx';
import { ImportPanel } from './import-panel.tsx';
import { VendorModal, type VendorEditing } from './vendor-modal.tsx';
import { VendorsTable } from './vendors-table.tsx';

/**
 * What the player site lists and how: the games (switches, position, minimum bet), the vendors, and setting
 * the catalogue up: vendors and games added and edited, a catalogue imported from CSV.
 */
export function GamesScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('games');
  const [game, setGame] = useState<GameEditing>(null);
  const [vendor, setVendor] = useState<VendorEditing>(null);
  return (
    <Screen
      title={t('games.menu')}
      extra={
        canWrite ? (
          <Space wrap>
            <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setVendor({ mode: 'new' })}>
              {t('games.addVendor')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden="true" />}
              onClick={() => setGame({ mode: 'new' })}
            >
              {t('games.addGame')}
            </Button>
          </Space>
        ) : null
      }
    >
      <Tabs
        items={[
          {
            key: 'games',
            label: t('games.gamesTab'),
            children: (
              <GamesTable canWrite={canWrite} onEdit={(edited) => setGame({ mode: 'edit', game: edited })} />
            ),
          },
          {
            key: 'vendors',
            label: t('games.vendorsTab'),
            children: (
              <VendorsTable
                canWrite={canWrite}
                onEdit={(edited) => setVendor({ mode: 'edit', vendor: edited })}
              />
            ),
          },
          ...(canWrite
            ? [{ key: 'import', label: t('games.importTab'), children: <ImportPanel canWrite={canWrite} /> }]
            : []),
        ]}
      />
      {canWrite ? (
        <>
          <GameModal editing={game} onClose={() => setGame(null)} />
          <VendorModal editing={vendor} onClose={() => setVendor(null)} />
        </>
      ) : null}
    </Screen>
  );
}
