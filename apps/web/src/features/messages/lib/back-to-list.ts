import type { Location, NavigateFunction } from 'react-router';

/** State of a history entry opened from its list: going back returns to the list where it was. */
export const OPENED_FROM_LIST = { fromList: true } as const;

/** Back from an item to its list: the previous entry when the item was opened from it, else the list. */
export function backToList(navigate: NavigateFunction, location: Location, listPath: string): void {
  if ((location.state as { fromList?: unknown } | null)?.fromList === true) void navigate(-1);
  else void navigate(listPath, { replace: true });
}
