import { HOME_PATH } from '@kl/contracts/routes';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../shared/ui/toast.ts';

/** product.md §6: inbox and live chat are not for trial members: 'free_reject', then home. */
export default function FreeReject({ page }: { page: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    void toast.info(t('free_reject'));
    void navigate(HOME_PATH, { replace: true });
  }, [navigate, t]);
  return <section className="kl-screen" data-page={page} />;
}
