import type { DepositOrder } from '@kl/contracts/deposit';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositForm } from '../../hooks/use-deposit-form.ts';
import { AmountField } from '../amount-field.tsx';
import { ChannelsState } from '../channels-state.tsx';
import { StepIndicator } from './step-indicator.tsx';

/**
 * The deposit of the new template (status mobileTemplate.dep_func 1): a step flow — the channel cards, then
 * the amount with the channel's quick amounts and limits. The order itself shows on its own full screen.
 * Same calls and checks as the base template (useDepositForm).
 */
export function SteppedDeposit({ onCreated }: { onCreated: (order: DepositOrder) => void }) {
  const { t } = useTranslation();
  const form = useDepositForm(onCreated);
  const [step, setStep] = useState<'channel' | 'amount'>('channel');
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // The new step's heading takes the focus (not on the first display).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  if (form.blocked || !form.channel) return <ChannelsState form={form} />;
  const channel = form.chosenChannel;

  if (step === 'channel' || !channel) {
    return (
      <div className="kl-deposit-stepped">
        <StepIndicator current="channel" />
        <section className="kl-deposit-form" aria-labelledby={headingId}>
          <h2 id={headingId} ref={heading} tabIndex={-1} className="kl-deposit-heading">
            {t('deposit.chooseChannel')}
          </h2>
          <ul className="kl-deposit-cards">
            {form.list.map((item) => (
              <li key={item.code}>
                <button
                  type="button"
                  className="kl-deposit-card-button"
                  data-kind={item.kind}
                  aria-pressed={form.chosenChannel?.code === item.code}
                  onClick={() => {
                    form.chooseChannel(item);
                    setStep('amount');
                  }}
                >
                  <span className="kl-deposit-channel__name">{item.name}</span>
                  <span className="kl-deposit-channel__kind">{t(`deposit.kinds.${item.kind}`)}</span>
                  <span className="kl-deposit-hint">{form.limitsOf(item)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    );
  }

  return (
    <div className="kl-deposit-stepped">
      <StepIndicator current="amount" />
      <form className="kl-deposit-form" noValidate onSubmit={form.submit} aria-labelledby={headingId}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className="kl-deposit-heading">
          {t('deposit.enterAmount')}
        </h2>
        <div className="kl-deposit-chosen">
          <span>
            <span className="kl-deposit-channel__name">{channel.name}</span>{' '}
            <span className="kl-deposit-channel__kind">{t(`deposit.kinds.${channel.kind}`)}</span>
          </span>
          <button
            type="button"
            className="kl-button kl-button--outline kl-button--small"
            onClick={() => setStep('channel')}
          >
            {t('deposit.changeChannel')}
          </button>
        </div>
        <AmountField form={form} channel={channel} />
        <button
          type="submit"
          className="kl-button kl-button--primary kl-deposit-submit"
          disabled={form.create.isPending}
        >
          {form.create.isPending ? t('deposit.creating') : t('deposit.create')}
        </button>
      </form>
    </div>
  );
}
