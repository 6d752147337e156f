import type { SandboxTableRound } from '@kl/contracts/sandbox-provider';
import { useTranslation } from 'react-i18next';

/**
 * The round's commitment: the hash of its server seed, its client seed and nonce before play, and the
 * server seed once revealed (SHA-256 of it is the hash shown before); the previous round's revealed seed.
 */
export function Fairness({
  current,
  previous,
}: {
  current: SandboxTableRound;
  previous: SandboxTableRound | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="kl-provider-card kl-provider-fair" aria-labelledby="provider-fairness">
      <h2 id="provider-fairness" className="kl-provider-heading">
        {t('providerGames.table.fairness')} · {t('providerGames.table.round', { seq: current.seq })}
      </h2>
      <p className="kl-provider-note">{t('providerGames.table.fairnessNote')}</p>
      <dl className="kl-provider-seeds">
        <dt>{t('providerGames.table.seedHash')}</dt>
        <dd>
          <code data-testid="provider-seed-hash">{current.fairness.serverSeedHash}</code>
        </dd>
        <dt>{t('providerGames.table.clientSeed')}</dt>
        <dd>
          <code>{current.fairness.clientSeed}</code>
        </dd>
        <dt>{t('providerGames.table.nonce')}</dt>
        <dd>
          <code>{current.fairness.nonce}</code>
        </dd>
        <dt>{t('providerGames.table.serverSeed')}</dt>
        <dd>
          {current.fairness.serverSeed === null ? (
            t('providerGames.table.seedHidden')
          ) : (
            <code data-testid="provider-server-seed">{current.fairness.serverSeed}</code>
          )}
        </dd>
        {previous && previous.roundId !== current.roundId && previous.fairness.serverSeed !== null && (
          <>
            <dt>{t('providerGames.table.previousSeed', { seq: previous.seq })}</dt>
            <dd>
              <code data-testid="provider-previous-seed">{previous.fairness.serverSeed}</code>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/**
 * The seeds of a play settled at once (a shot, a spin): the hash committed to, the client seed and the
 * server seed revealed with the answer. `hashTestId` marks the hash for the tests that read it.
 */
export function PlaySeeds({
  fairness,
  hashTestId,
}: {
  fairness: SandboxTableRound['fairness'];
  hashTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className="kl-provider-seeds" aria-label={t('providerPlay.fairness.title')}>
      <dt>{t('providerPlay.fairness.seedHash')}</dt>
      <dd data-testid={hashTestId}>{fairness.serverSeedHash}</dd>
      <dt>{t('providerPlay.fairness.clientSeed')}</dt>
      <dd>{fairness.clientSeed}</dd>
      <dt>{t('providerPlay.fairness.serverSeed')}</dt>
      <dd>{fairness.serverSeed}</dd>
    </dl>
  );
}
