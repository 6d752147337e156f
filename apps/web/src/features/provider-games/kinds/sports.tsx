import { useTranslation } from 'react-i18next';
import type { ProviderKindProps } from './registry.ts';

/** The sports game of the provider's client: not built yet. */
export default function SportsKind(props: ProviderKindProps) {
  const { t } = useTranslation();
  return (
    <p className="kl-provider-note" data-kind={props.kind}>
      {t('providerGames.notBuilt')}
    </p>
  );
}
