import type { AgentLink, AgentLinkKind } from '@kl/contracts/agents';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastedMutation } from '../../../../shared/hooks/use-toasted-mutation.ts';
import { formatSiteDateTime } from '../../../../shared/lib/date-format.ts';
import { useSession } from '../../../../shared/stores/session-store.ts';
import { EmptyState } from '../../../../shared/ui/empty-state.tsx';
import { toast } from '../../../../shared/ui/toast.ts';
import { centreKeys } from '../../api/centre-keys.ts';
import { createAgentLink } from '../../api/create-link.ts';
import { updateAgentLink } from '../../api/update-link.ts';
import { useAgentInfo, useAgentLinks } from '../../hooks/use-centre.ts';
import { formatCount } from '@kl/contracts/money';
import { Details, QueryGate } from './parts.tsx';

const CAMPAIGN_MAX = 40;

function CopyLink({ url, code }: { url: string; code: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void toast.success(t('agentCentre.links.copied'));
    } catch {
      void toast.error(t('agentCentre.links.copyFailed'));
    }
  };
  return (
    <button
      type="button"
      className="kl-button kl-button--outline kl-button--small"
      aria-label={t('agentCentre.links.copyOf', { code })}
      onClick={() => void copy()}
    >
      {t('agentCentre.links.copy')}
    </button>
  );
}

function LinkCard({ link }: { link: AgentLink }) {
  const { t, i18n } = useTranslation();
  const viewer = useSession().userName ?? '';
  const update = useToastedMutation({
    mutationFn: updateAgentLink,
    successText: t('agentCentre.links.updated'),
    invalidates: [centreKeys.links(viewer)],
  });
  const count = (value: number) => formatCount(value, i18n.language);
  const active = update.isPending ? (update.variables?.active ?? link.active) : link.active;
  return (
    <li className="kl-centre__row kl-centre-link" data-testid="agent-link" data-code={link.code}>
      <div className="kl-centre-link__head">
        <span className="kl-centre__row-title">{link.campaign ?? t('agentCentre.links.noCampaign')}</span>
        <label className="kl-centre-link__switch">
          <input
            type="checkbox"
            role="switch"
            checked={active}
            disabled={update.isPending}
            aria-label={t('agentCentre.links.activeOf', { code: link.code })}
            onChange={(event) => update.mutate({ code: link.code, active: event.target.checked })}
          />
          <span aria-hidden="true">{active ? t('agentCentre.links.on') : t('agentCentre.links.off')}</span>
        </label>
      </div>
      <Details
        rows={[
          [t('agentCentre.links.code'), link.code],
          [t('agentCentre.links.kind'), t(`agentCentre.links.kinds.${link.kind}`)],
          [t('agentCentre.links.clicks'), count(link.clicks)],
          [t('agentCentre.links.registrations'), count(link.registrations)],
          [t('agentCentre.links.createdAt'), formatSiteDateTime(link.createdAt) ?? ''],
        ]}
      />
      <div className="kl-centre-link__share">
        <img
          src={link.qrDataUrl}
          alt={t('agentCentre.links.qrAlt', { code: link.code })}
          width={112}
          height={112}
          className="kl-centre-link__qr"
        />
        <div className="kl-centre-link__url">
          <output className="kl-centre-link__address">{link.url}</output>
          <CopyLink url={link.url} code={link.code} />
        </div>
      </div>
    </li>
  );
}

/** A new link: its campaign name (optional) and kind (a sub-agent link when the depth allows). */
function CreateLink({ canCreateSubAgents }: { canCreateSubAgents: boolean }) {
  const { t } = useTranslation();
  const viewer = useSession().userName ?? '';
  const campaignId = useId();
  const kindId = useId();
  const [campaign, setCampaign] = useState('');
  const [kind, setKind] = useState<AgentLinkKind>('member');
  const create = useToastedMutation({
    mutationFn: createAgentLink,
    successText: t('agentCentre.links.created'),
    invalidates: [centreKeys.links(viewer)],
    onSuccess: () => setCampaign(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const name = campaign.trim();
    create.mutate({ kind: canCreateSubAgents ? kind : 'member', ...(name ? { campaign: name } : {}) });
  };
  return (
    <form className="kl-centre__form" onSubmit={submit} aria-labelledby="kl-create-link-heading" noValidate>
      <h3 id="kl-create-link-heading" className="kl-centre__subheading">
        {t('agentCentre.links.create')}
      </h3>
      <label htmlFor={campaignId}>{t('agentCentre.links.campaign')}</label>
      <input
        id={campaignId}
        className="kl-centre__input"
        value={campaign}
        maxLength={CAMPAIGN_MAX}
        autoComplete="off"
        onChange={(event) => setCampaign(event.target.value)}
      />
      <label htmlFor={kindId}>{t('agentCentre.links.kind')}</label>
      <select
        id={kindId}
        className="kl-centre__input"
        value={canCreateSubAgents ? kind : 'member'}
        disabled={!canCreateSubAgents}
        onChange={(event) => setKind(event.target.value as AgentLinkKind)}
      >
        <option value="member">{t('agentCentre.links.kinds.member')}</option>
        {canCreateSubAgents && <option value="agent">{t('agentCentre.links.kinds.agent')}</option>}
      </select>
      {!canCreateSubAgents && <p className="kl-centre__note">{t('agentCentre.links.noSubAgents')}</p>}
      <button
        type="submit"
        className="kl-button kl-button--primary kl-button--small"
        disabled={create.isPending}
      >
        {create.isPending ? t('in_please_wait') : t('agentCentre.links.createSubmit')}
      </button>
    </form>
  );
}

/** The agent's registration links: counts, the active switch, address, copy and QR code; a new link. */
export function LinksTab() {
  const { t } = useTranslation();
  const links = useAgentLinks();
  const info = useAgentInfo();
  return (
    <section className="kl-centre__card" aria-labelledby="kl-links-heading">
      <h2 id="kl-links-heading" className="kl-centre__heading">
        {t('agentCentre.links.title')}
      </h2>
      <QueryGate query={info}>
        {(data) => <CreateLink canCreateSubAgents={data.canCreateSubAgents} />}
      </QueryGate>
      <QueryGate query={links}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('agentCentre.links.empty')} />
          ) : (
            <ul className="kl-centre__list" aria-label={t('agentCentre.links.title')}>
              {list.map((link) => (
                <LinkCard key={link.code} link={link} />
              ))}
            </ul>
          )
        }
      </QueryGate>
    </section>
  );
}
