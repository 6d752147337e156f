import { allows, type AccessLevel, type AdminArea } from '@kl/contracts/admin/access';
import type { OperatorSelf } from '@kl/contracts/admin/auth';
import { adminCalls } from '@kl/contracts/admin/calls';
import { useQuery } from '@tanstack/react-query';
import { adminCall, isSessionError } from './api.ts';
import { setMerchantTimeZone } from './dates.ts';
import { mayBeSignedIn } from './session-events.ts';

/** The query holding the signed-in operator: null when nobody is signed in. */
export const OPERATOR_QUERY_KEY = ['admin', 'operator'] as const;

/**
 * Asks the server who is signed in; no session is null, not a failure. A browser that never signed in
 * (or saw its session end) does not ask.
 */
export async function fetchOperator(signal?: AbortSignal): Promise<OperatorSelf | null> {
  if (!mayBeSignedIn()) return null;
  try {
    const operator = await adminCall(adminCalls.adminSession, { signal });
    setMerchantTimeZone(operator.timeZone);
    return operator;
  } catch (error) {
    if (isSessionError(error)) return null;
    throw error;
  }
}

export function useOperatorQuery() {
  return useQuery({
    queryKey: OPERATOR_QUERY_KEY,
    queryFn: ({ signal }) => fetchOperator(signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** The signed-in operator (the screens under the layout are shown only with one). */
export function useOperator(): OperatorSelf | null {
  return useOperatorQuery().data ?? null;
}

/** What the signed-in operator may do in `area`. */
export function useAccess(area: AdminArea): AccessLevel {
  return useOperator()?.access[area] ?? 'none';
}

/** Whether the signed-in operator may change `area` (write buttons are hidden otherwise). */
export function useCanWrite(area: AdminArea): boolean {
  return allows(useAccess(area), 'write');
}
