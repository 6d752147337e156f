import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';

/** Sign out (logged in only), with its confirmation. */
export default function SignOutButton({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation();
  const { userName } = useSession();
  const signOut = useSignOut();
  if (userName === null) return null;
  return (
    <button
      type="button"
      className="kl-button kl-button--outline kl-side-account__sign-out"
      onClick={() => {
        void signOut().then((done) => {
          if (done) onSignedOut();
        });
      }}
    >
      {t('auth.signOut')}
    </button>
  );
}
