import { DownloadOutlined } from '@ant-design/icons';
import type { ApiEntry, QueryIn } from '@kl/contracts/api-call';
import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminDownload, type AdminFile } from '../api.ts';
import { currentLanguage } from '../i18n.ts';
import { useErrorText } from '../use-error-text.ts';

/** Hands the browser a file to save under its name. */
function save(file: AdminFile): void {
  const url = URL.createObjectURL(file.content);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * "Export CSV" of a list (docs/back-office.md, "Exports"): the whole list its filters select, written by
 * the server with its header row in the operator's language, saved under the name the server gives it. A
 * refusal (a list too long to export, the session ended) is said in a message.
 */
export function ExportButton<E extends ApiEntry>({
  entry,
  query,
}: {
  entry: E;
  /** The list's filters: the call's query but its language. */
  query: Omit<NonNullable<QueryIn<E>>, 'lang'>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const download = useMutation({
    mutationFn: () => adminDownload(entry, { query: { ...query, lang: currentLanguage() } as QueryIn<E> }),
    onSuccess: save,
    onError: (error) => void message.error(errorText(error)),
  });
  return (
    <Button
      icon={<DownloadOutlined aria-hidden="true" />}
      loading={download.isPending}
      onClick={() => download.mutate()}
    >
      {t('common.exportCsv')}
    </Button>
  );
}
