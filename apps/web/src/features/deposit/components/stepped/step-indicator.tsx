import { useTranslation } from 'react-i18next';

const STEPS = ['channel', 'amount', 'pay'] as const;
export type DepositStep = (typeof STEPS)[number];

/** Where the member is in the deposit: 1 method, 2 amount, 3 payment (new template). */
export function StepIndicator({ current }: { current: DepositStep }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(current);
  return (
    <ol className="kl-deposit-steps" aria-label={t('deposit.steps.label')}>
      {STEPS.map((step, index) => (
        <li
          key={step}
          className="kl-deposit-steps__item"
          data-state={index < at ? 'done' : index === at ? 'current' : 'todo'}
          aria-current={index === at ? 'step' : undefined}
        >
          <span className="kl-deposit-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          <span>{t(`deposit.steps.${step}`)}</span>
        </li>
      ))}
    </ol>
  );
}
