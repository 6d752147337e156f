import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/stores/session-store.ts';
import { useMemberInfo } from '../auth/index.ts';
import { useSignOut } from '../auth/sign-out.ts';
import { useSystemStatus } from '../system-status/index.ts';
import { WalletBalance, WithdrawableNote } from '../wallet/index.ts';
import { SignOutIcon } from './components/icons.tsx';
import { MemberEntry } from './components/member-entry.tsx';
import { ProfileCard } from './components/profile-card.tsx';
import {
  memberItems,
  menuGroups,
  QUICK_ACTIONS,
  type MemberItem,
  type MemberItemKey,
  type MenuGroup,
} from './lib/member-items.ts';
import './member.css';

/** Sign out with the confirmation of product.md §4 Logout. */
function SignOutEntry() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <button
      type="button"
      className="kl-member-entry kl-member-entry--row kl-member-sign-out"
      onClick={() => void signOut()}
    >
      <span className="kl-member-entry__icon">
        <SignOutIcon />
      </span>
      <span className="kl-member-entry__label">{t('auth.signOut')}</span>
    </button>
  );
}

function Balance() {
  // The balance's place is kept while its module loads: the entries below do not move when it arrives.
  return (
    <Suspense fallback={<div className="kl-member-balance-place" aria-hidden="true" />}>
      <WalletBalance className="kl-member-balance" />
      <WithdrawableNote />
    </Suspense>
  );
}

interface TemplateProps {
  items: Record<MemberItemKey, MemberItem>;
  groups: readonly MenuGroup[];
}

/** The new template (mem_cen 1): profile card, balance, quick actions, the menu in groups. */
function NewTemplate({ items, groups }: TemplateProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="kl-member-card">
        <ProfileCard />
        <Balance />
      </div>
      <nav className="kl-member-quick" aria-label={t('member.quickActions')}>
        <ul>
          {QUICK_ACTIONS.map((key) => (
            <li key={key}>
              <MemberEntry item={items[key]} variant="tile" />
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((group) => (
        <nav key={group.key} className="kl-member-group" aria-labelledby={`member-group-${group.key}`}>
          <h2 id={`member-group-${group.key}`} className="kl-member-group__title">
            {t(`member.groups.${group.key}`)}
          </h2>
          <ul className="kl-member-list">
            {group.items.map((key) => (
              <li key={key}>
                <MemberEntry item={items[key]} variant="row" />
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <div className="kl-member-list kl-member-list--single">
        <SignOutEntry />
      </div>
    </>
  );
}

/** The base template: name and VIP on one line, the balance, then every entry in one list. */
function BaseTemplate({ items, groups }: TemplateProps) {
  const { t } = useTranslation();
  const keys = [...QUICK_ACTIONS, ...groups.flatMap((group) => group.items)];
  return (
    <>
      <ProfileCard compact />
      <Balance />
      <nav aria-label={t('member.menu')}>
        <ul className="kl-member-list">
          {keys.map((key) => (
            <li key={key}>
              <MemberEntry item={items[key]} variant="row" />
            </li>
          ))}
          <li>
            <SignOutEntry />
          </li>
        </ul>
      </nav>
    </>
  );
}

/**
 * /m/member/home (product.md §2 member centre, §4 Templates): the new template when the merchant's
 * mobileTemplate.mem_cen is 1, else the base one. Agents find their centre and contracts here, other
 * members the way to apply (docs/agents.md). Gated (visitors go to /m/login); a trial member gets
 * the register-now alert before this screen (see the route screen).
 */
export default function MemberHomeScreen() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const { role, info } = useSession();
  // The member's type as the server says it now (an operator may have made the member an agent since the login).
  const memberType = useMemberInfo().data?.type ?? info?.type;
  const template = status?.info.mobileTemplate.mem_cen === 1 ? 'new' : 'base';
  // The same objects while what they depend on is the same (the status's answer keeps its identity when
  // it has not changed): the entries, memoised, are then not drawn again.
  const items = useMemo(() => memberItems({ status, role }), [status, role]);
  const groups = useMemo(() => menuGroups({ role, memberType }), [role, memberType]);
  return (
    <section
      className={`kl-screen kl-member kl-member--${template}`}
      data-page="member"
      data-template={template}
      aria-label={t('route.memberHome')}
    >
      {template === 'new' ? (
        <NewTemplate items={items} groups={groups} />
      ) : (
        <BaseTemplate items={items} groups={groups} />
      )}
    </section>
  );
}
