import { TIMING_MS } from '@kl/contracts/constants';
import { HOME_PATH } from '@kl/contracts/routes';
import { Popup } from 'antd-mobile';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CloseIcon } from '../../../shared/ui/icons.tsx';
import '../../../shared/lib/antd-setup.ts';
import '../auth.css';

/**
 * Login, register and forgot password are bottom sheets opened by their routes (/m/login,
 * /m/register, /m/forget): one route shows one sheet, so they are mutually exclusive by
 * construction, and links between them replace one with the other. Closing goes to /m/home; a tap
 * on the mask within 300 ms of opening is ignored (product.md §9).
 */
export function AuthSheet({ page, title, children }: { page: string; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const openedAt = useRef(0);
  const dialog = useRef<HTMLDivElement>(null);
  const close = () => void navigate(HOME_PATH);

  useEffect(() => {
    openedAt.current = Date.now();
    dialog.current?.focus();
  }, []);

  return (
    <section className="kl-screen kl-auth-screen" data-page={page}>
      <Popup
        visible
        position="bottom"
        getContainer={null}
        bodyClassName="kl-auth-sheet"
        onMaskClick={() => {
          if (Date.now() - openedAt.current >= TIMING_MS.dialogMaskIgnore) close();
        }}
      >
        <div
          ref={dialog}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="kl-auth-sheet__dialog"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <div className="kl-auth-sheet__top">
            <h1 id={titleId} className="kl-auth-sheet__title">
              {title}
            </h1>
            <button type="button" className="kl-icon-button" aria-label={t('common.close')} onClick={close}>
              <CloseIcon />
            </button>
          </div>
          {children}
        </div>
      </Popup>
    </section>
  );
}
