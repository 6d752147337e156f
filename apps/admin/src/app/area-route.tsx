import type { AdminArea } from '@kl/contracts/admin/access';
import type { ReactNode } from 'react';
import { useAccess } from '../shared/session.ts';
import { NoPermission } from '../shared/ui/no-permission.tsx';

/** A screen of an area: shown when the operator may at least read the area, else the 403 result. */
export function AreaRoute({ area, children }: { area: AdminArea; children: ReactNode }) {
  return useAccess(area) === 'none' ? <NoPermission /> : children;
}
