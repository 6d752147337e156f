import { TIMING_MS } from '@kl/contracts/constants';
import { Popup } from 'antd-mobile';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton, ModalPanel } from '../../../shared/ui/modal-panel.tsx';
import { useServiceLinks } from '../api/get-service-links.ts';
import { useLaunchLiveChat } from '../hooks/use-launch-live-chat.ts';
import type { CustomerServicePopupProps } from './customer-service-popup.tsx';
import { ServiceLinkList } from './service-link-list.tsx';
import '../../../shared/lib/antd-setup.ts';
import '../support.css';

/** The open sheet: a modal dialog that takes the focus and gives it back when it closes. */
function CustomerServicePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data, isError, refetch, isFetching } = useServiceLinks();
  const liveChat = useLaunchLiveChat();

  return (
    <ModalPanel
      labelledBy={titleId}
      className="kl-service-sheet"
      testId="customer-service-popup"
      onClose={onClose}
    >
      <div className="kl-service-sheet__top">
        <h2 id={titleId} className="kl-service-sheet__title">
          {t('customerService.title')}
        </h2>
        <CloseButton onClick={onClose} />
      </div>
      {data ? (
        <ServiceLinkList
          links={data.customerService}
          liveChat={liveChat.available ? liveChat : null}
          onNavigate={onClose}
          empty={<p className="kl-service-sheet__status">{t('in_no_data')}</p>}
        />
      ) : isError ? (
        <p className="kl-service-sheet__status">
          <button
            type="button"
            className="kl-button kl-button--outline kl-button--small"
            disabled={isFetching}
            onClick={() => void refetch()}
          >
            {t('common.retry')}
          </button>
        </p>
      ) : (
        <p className="kl-service-sheet__status" role="status">
          {t('in_please_wait')}
        </p>
      )}
    </ModalPanel>
  );
}

export default function CustomerServiceSheet({ visible, onClose }: CustomerServicePopupProps) {
  const openedAt = useRef(0);
  useEffect(() => {
    if (visible) openedAt.current = Date.now();
  }, [visible]);
  return (
    <Popup
      visible={visible}
      position="bottom"
      destroyOnClose
      bodyClassName="kl-service-sheet__body"
      onMaskClick={() => {
        // product.md §9: a tap on the mask within 300 ms of opening is ignored.
        if (Date.now() - openedAt.current >= TIMING_MS.dialogMaskIgnore) onClose();
      }}
      onClose={onClose}
    >
      <CustomerServicePanel onClose={onClose} />
    </Popup>
  );
}
