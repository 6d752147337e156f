import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../shared/session.ts';
import { Screen } from '../../shared/ui/screen.tsx';
import { GamesTable } from './games-table.tsx';
import { VendorsTable } from './vendors-table.tsx';

/** What the player site lists and how: the games (switches, position, minimum bet) and the vendors. */
export function GamesScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('games');
  return (
    <Screen title={t('games.menu')}>
      <Tabs
        items={[
          { key: 'games', label: t('games.gamesTab'), children: <GamesTable canWrite={canWrite} /> },
          { key: 'vendors', label: t('games.vendorsTab'), children: <VendorsTable canWrite={canWrite} /> },
        ]}
      />
    </Screen>
  );
}
