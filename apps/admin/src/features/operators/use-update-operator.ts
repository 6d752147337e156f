import { adminCalls } from '@kl/contracts/admin/calls';
import type { UpdateOperatorRequest } from '@kl/contracts/admin/operators';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** PUT an operator's change (role, read-only, disabled); the list is refreshed. */
export function useUpdateOperator(options: { errorMessage?: boolean } = {}) {
  const { t } = useTranslation();
  return useAdminMutation(
    ({ id, change }: { id: string; change: UpdateOperatorRequest }) =>
      adminCall(adminCalls.adminUpdateOperator, { params: { operatorId: id }, body: change }),
    {
      invalidates: ['operators'],
      successText: (operator) => t('operators.updated', { username: operator.username }),
      ...options,
    },
  );
}
