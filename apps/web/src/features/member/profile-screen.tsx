import { zodResolver } from '@hookform/resolvers/zod';
import type { MemberProfile } from '@kl/contracts/accounts';
import type { HeadIcon } from '@kl/contracts/content';
import { fieldSchema } from '@kl/contracts/verifier';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../shared/ui/form-field.tsx';
import { useSubmitOnce } from '../../shared/ui/form-submit.ts';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useHeadIcon } from './api/get-head-icon.ts';
import { useChangeProfile, useMemberProfile, useSetHeadIcon } from './api/profile.ts';
import { EmailCard, MobileCard } from './components/contact-cards.tsx';
import { saveField } from './lib/save-field.ts';
import './member.css';

/**
 * /m/member/profile (docs/decisions/058-member-profile.md; a member-centre page: trial members get the
 * register alert from the router): the avatar, picked among the site's; the nickname shown instead of the
 * username; the birthday, set once; the e-mail, verified by a link, and the mobile number, changed with
 * two codes (docs/decisions/059-member-contacts.md).
 */
export default function ProfileScreen() {
  const { t } = useTranslation();
  const profile = useMemberProfile();
  return (
    <section
      className="kl-screen kl-member-profile-page"
      data-page="member"
      aria-label={t('route.memberProfile')}
    >
      <AvatarPicker />
      {profile.isPending ? (
        <p role="status">{t('member.profile.loading')}</p>
      ) : profile.isError ? (
        <LoadFailed className="kl-member-card" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <NicknameForm profile={profile.data} />
          <BirthdayCard profile={profile.data} />
          <EmailCard profile={profile.data} />
          <MobileCard profile={profile.data} />
        </>
      )}
    </section>
  );
}

/** The site's avatars as a group of radio buttons: choosing one saves it. */
function AvatarPicker() {
  const { t } = useTranslation();
  const titleId = useId();
  const icon = useHeadIcon();
  const choose = useSetHeadIcon();
  const pick = (choice: HeadIcon['choices'][number]) => {
    if (choice.id === icon.data?.headIconId || choose.isPending) return;
    choose.mutate(choice.id, { onSuccess: () => void toast.success(t('member.profile.avatar.saved')) });
  };
  return (
    <section className="kl-member-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="kl-member-card__title">
        {t('member.profile.avatar.title')}
      </h2>
      {icon.isError ? (
        <LoadFailed
          className="kl-member-card__failed"
          error={icon.error}
          onRetry={() => void icon.refetch()}
        />
      ) : (
        <div
          className="kl-avatar-choices"
          role="radiogroup"
          aria-labelledby={titleId}
          aria-busy={icon.isPending}
        >
          {icon.data?.choices.map((choice, index) => {
            const chosen = choice.id === icon.data.headIconId;
            return (
              <button
                key={choice.id}
                type="button"
                role="radio"
                aria-checked={chosen}
                className={chosen ? 'kl-avatar-choice kl-avatar-choice--chosen' : 'kl-avatar-choice'}
                aria-label={t('member.profile.avatar.choice', { number: index + 1 })}
                onClick={() => pick(choice)}
              >
                <img src={choice.url} alt="" width={56} height={56} loading="lazy" decoding="async" />
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}

const nicknameForm = z.object({ nickname: fieldSchema('nickname', { enabled: true, required: false }) });

/** The nickname: 2–20 letters or digits; empty shows the username again. */
function NicknameForm({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const titleId = useId();
  const change = useChangeProfile();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(nicknameForm),
    defaultValues: { nickname: profile.nickname ?? '' },
  });
  const submit = useSubmitOnce(
    handleSubmit(({ nickname }) =>
      saveField(
        () => change.mutateAsync({ nickname: nickname ?? '' }),
        t('member.profile.nickname.saved'),
        setError,
        ['nickname'],
      ),
    ),
  );
  return (
    <form className="kl-member-card kl-member-form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <h2 id={titleId} className="kl-member-card__title">
        {t('member.profile.nickname.title')}
      </h2>
      <FormField
        control={control}
        name="nickname"
        label={t('member.profile.nickname.label')}
        hint={t('member.profile.nickname.hint')}
      >
        {(field, described) => (
          <input
            {...field}
            {...described}
            value={field.value ?? ''}
            className="kl-member-form__input"
            autoComplete="nickname"
            maxLength={20}
          />
        )}
      </FormField>
      <button type="submit" className="kl-button kl-button--primary" disabled={change.isPending}>
        {t('member.profile.nickname.save')}
      </button>
    </form>
  );
}

const birthdayForm = z.object({ birthday: fieldSchema('birthday') });

/** A date of the calendar (`1990-05-17`) in the language's long form, whatever the device's zone. */
function formatBirthday(date: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** The birthday: once set, shown with the way to have it corrected; before, the form that sets it. */
function BirthdayCard({ profile }: { profile: MemberProfile }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const change = useChangeProfile();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(birthdayForm),
    defaultValues: { birthday: '' },
  });
  const submit = useSubmitOnce(
    handleSubmit(({ birthday }) =>
      saveField(
        () => change.mutateAsync({ birthday: birthday ?? '' }),
        t('member.profile.birthday.saved'),
        setError,
        ['birthday'],
      ),
    ),
  );
  if (profile.birthday) {
    return (
      <section className="kl-member-card" aria-labelledby={titleId} data-testid="profile-birthday">
        <h2 id={titleId} className="kl-member-card__title">
          {t('member.profile.birthday.title')}
        </h2>
        <p>{t('member.profile.birthday.set', { date: formatBirthday(profile.birthday, i18n.language) })}</p>
        <p className="kl-member-card__note">{t('member.profile.birthday.setHint')}</p>
      </section>
    );
  }
  return (
    <form className="kl-member-card kl-member-form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <h2 id={titleId} className="kl-member-card__title">
        {t('member.profile.birthday.title')}
      </h2>
      <FormField
        control={control}
        name="birthday"
        label={t('member.profile.birthday.label')}
        hint={t('member.profile.birthday.hint')}
      >
        {(field, described) => (
          <input
            {...field}
            {...described}
            value={field.value ?? ''}
            type="date"
            min="1900-01-01"
            max={new Date().toISOString().slice(0, 10)}
            className="kl-member-form__input"
            autoComplete="bday"
          />
        )}
      </FormField>
      <button type="submit" className="kl-button kl-button--primary" disabled={change.isPending}>
        {t('member.profile.birthday.save')}
      </button>
    </form>
  );
}
