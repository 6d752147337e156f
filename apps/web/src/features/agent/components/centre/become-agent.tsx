import {
  AGENT_APPLICATION_MESSAGE_MAX,
  applyAgentRequest,
  type AgentApplication,
} from '@kl/contracts/agents';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../../shared/lib/api-client.ts';
import { formatSiteDateTime } from '../../../../shared/lib/date-format.ts';
import { useSession } from '../../../../shared/stores/session-store.ts';
import { FormField } from '../../../../shared/ui/form-field.tsx';
import { useSubmitOnce } from '../../../../shared/ui/form-submit.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { applyAgent } from '../../api/apply-agent.ts';
import { centreKeys } from '../../api/centre-keys.ts';
import { Details } from './parts.tsx';

/** The shortest message the contract's applyAgentRequest takes. */
const AGENT_APPLICATION_MESSAGE_MIN = 10;
const BENEFITS = ['links', 'team', 'contracts', 'reports'] as const;

/** The application form: a message of 10–500 characters with its counter, and an optional contact. */
function ApplicationForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const viewer = useSession().userName ?? '';
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(applyAgentRequest),
    defaultValues: { message: '', contact: '' },
  });
  const apply = useMutation({
    mutationFn: applyAgent,
    meta: { errorToast: false },
    onSuccess: (application) => {
      void toast.success(t('agentCentre.apply.sent'));
      client.setQueryData(centreKeys.application(viewer), { isAgent: false, application });
    },
  });
  const submit = useSubmitOnce(
    handleSubmit((values) =>
      apply
        .mutateAsync({ message: values.message, contact: values.contact || undefined })
        .catch(() => undefined),
    ),
  );
  const length = useWatch({ control, name: 'message' }).trim().length;
  return (
    <form
      className="kl-centre__card kl-centre__form"
      noValidate
      onSubmit={submit}
      aria-labelledby="kl-apply-heading"
    >
      <h2 id="kl-apply-heading" className="kl-centre__heading">
        {t('agentCentre.apply.title')}
      </h2>
      <FormField
        control={control}
        name="message"
        label={t('agentCentre.apply.message')}
        hint={t('agentCentre.apply.messageHint')}
        counter={t('agentCentre.apply.counter', { length, max: AGENT_APPLICATION_MESSAGE_MAX })}
        messageText={() =>
          length > AGENT_APPLICATION_MESSAGE_MAX
            ? t('agentCentre.apply.tooLong', { max: AGENT_APPLICATION_MESSAGE_MAX })
            : t('agentCentre.apply.tooShort', { min: AGENT_APPLICATION_MESSAGE_MIN })
        }
      >
        {(field, described) => (
          <textarea
            {...field}
            {...described}
            className="kl-centre__input"
            rows={5}
            maxLength={AGENT_APPLICATION_MESSAGE_MAX + 20}
            onChange={(event) => {
              field.onChange(event);
              apply.reset();
            }}
          />
        )}
      </FormField>
      <FormField
        control={control}
        name="contact"
        label={t('agentCentre.apply.contact')}
        hint={t('agentCentre.apply.contactHint')}
        messageText={() => t('agentCentre.apply.contactTooLong')}
      >
        {(field, described) => (
          <input {...field} {...described} className="kl-centre__input" autoComplete="off" />
        )}
      </FormField>
      {apply.isError && (
        <p className="kl-centre__error" role="alert">
          {messageFor(apply.error)}
        </p>
      )}
      <button type="submit" className="kl-button kl-button--primary" disabled={apply.isPending}>
        {apply.isPending ? t('in_please_wait') : t('agentCentre.apply.submit')}
      </button>
    </form>
  );
}

/** The latest application: its status, the operator's note, and a way to apply again after a refusal. */
function ApplicationStatus({
  application,
  onApplyAgain,
}: {
  application: AgentApplication;
  onApplyAgain?: () => void;
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('agentCentre.apply.sentAt'), formatSiteDateTime(application.createdAt) ?? ''],
    [t('agentCentre.apply.message'), application.message],
  ];
  if (application.decidedAt)
    rows.push([t('agentCentre.apply.decidedAt'), formatSiteDateTime(application.decidedAt) ?? '']);
  if (application.note) rows.push([t('agentCentre.apply.note'), application.note]);
  return (
    <section
      className="kl-centre__card"
      aria-labelledby="kl-application-heading"
      data-testid="agent-application"
    >
      <h2 id="kl-application-heading" className="kl-centre__heading">
        {t('agentCentre.apply.statusTitle')}
      </h2>
      <p className={`kl-centre__badge kl-centre__badge--${application.status}`} role="status">
        {t(`agentCentre.apply.status.${application.status}`)}
      </p>
      <p>{t(`agentCentre.apply.statusText.${application.status}`)}</p>
      <Details rows={rows} />
      {onApplyAgain && (
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={onApplyAgain}
        >
          {t('agentCentre.apply.again')}
        </button>
      )}
    </section>
  );
}

/**
 * "Become an agent" for a member who is not one: what agents get, then the application form, or the
 * status of the latest application (pending; refused, with the operator's note and a way to apply again;
 * approved).
 */
export function BecomeAgent({ application }: { application: AgentApplication | null }) {
  const { t } = useTranslation();
  const [again, setAgain] = useState(false);
  const showForm = application === null || (application.status === 'refused' && again);
  return (
    <div className="kl-centre__body" data-testid="become-agent">
      <section className="kl-centre__card" aria-labelledby="kl-benefits-heading">
        <h2 id="kl-benefits-heading" className="kl-centre__heading">
          {t('agentCentre.become.title')}
        </h2>
        <p>{t('agentCentre.become.intro')}</p>
        <ul className="kl-centre__benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{t(`agentCentre.become.benefits.${benefit}`)}</li>
          ))}
        </ul>
      </section>
      {application && !showForm && (
        <ApplicationStatus
          application={application}
          onApplyAgain={application.status === 'refused' ? () => setAgain(true) : undefined}
        />
      )}
      {showForm && <ApplicationForm />}
    </div>
  );
}
