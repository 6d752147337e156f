import { CONTRACT_KINDS, CONTRACT_REQUEST_FIELDS, type ContractKind } from '@kl/contracts/contract-requests';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useSystemStatus } from '../../system-status/index.ts';
import { getContractRequests } from '../api/get-contract-requests.ts';
import { CONTRACT_REQUESTS_KEY } from '../api/keys.ts';
import { contractCheckApplies } from '../lib/check-rule.ts';
import { contractPath } from '../lib/kinds.ts';

/** Members already checked in this page load (one query client per page load). */
const checkedMembers = new WeakMap<QueryClient, Set<string>>();

function checkedSet(client: QueryClient): Set<string> {
  const checked = checkedMembers.get(client) ?? new Set<string>();
  checkedMembers.set(client, checked);
  return checked;
}

/**
 * The contract check of product.md §4 and §6: once per page load, for a member of a type that does not skip
 * it, when AGENTPOLICY3 is on, it asks which contracts wait for an answer and, for each kind that waits,
 * shows an alert whose "view" opens that contract's screen and "later" goes on to the next one. The
 * type is the one the server gave with the session (the server checks the live type again and answers
 * nothing waiting for the types that skip the check). A failure shows nothing.
 */
export default function ContractCheck() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { info, userName } = useSession();
  const status = useSystemStatus();
  const applies = contractCheckApplies({
    loggedIn: userName !== null,
    agentPolicy: status.data?.info.toggles.AGENTPOLICY3 === true,
    memberType: info?.type,
  });
  const requests = useQuery({
    queryKey: [...CONTRACT_REQUESTS_KEY, userName ?? ''],
    queryFn: ({ signal }) => getContractRequests({ signal }),
    enabled: applies,
    staleTime: Infinity,
    retry: false,
  });

  const data = requests.data;
  useEffect(() => {
    const checked = checkedSet(client);
    if (!data || userName === null || checked.has(userName)) return;
    const waiting = CONTRACT_KINDS.filter((kind) => data[CONTRACT_REQUEST_FIELDS[kind]] === 1);
    checked.add(userName);
    if (waiting.length === 0) return;
    let active = true;
    let finished = false;
    let clearDialogs: (() => void) | undefined;
    const alertAll = async (kinds: ContractKind[]) => {
      const dialogs = await import('../../../shared/ui/dialog.ts');
      clearDialogs = dialogs.clearDialogs;
      for (const kind of kinds) {
        if (!active) return;
        const view = await dialogs.confirmDialog({
          title: t(`agentContract.alert.title.${kind}`),
          content: t(`agentContract.alert.content.${kind}`),
          confirmText: t('agentContract.alert.view'),
          cancelText: t('agentContract.alert.later'),
        });
        if (!active) return;
        if (view) {
          finished = true;
          void navigate(contractPath(kind));
          return;
        }
      }
      finished = true;
    };
    void alertAll(waiting).catch(() => undefined);
    return () => {
      active = false;
      clearDialogs?.();
      // Left before the member answered every alert (or mounted twice in development): check again later.
      if (!finished) checked.delete(userName);
    };
  }, [client, data, navigate, t, userName]);

  return null;
}
