import type { ReactNode } from 'react';
import { CopyButton } from './copy-button.tsx';

/** One line of the order: a term, its value and, for what the member types elsewhere, a copy button. */
export function DetailRow({ term, value, copy }: { term: string; value: ReactNode; copy?: string }) {
  return (
    <div className="kl-deposit-row">
      <dt>{term}</dt>
      <dd>
        <span className="kl-deposit-row__value">{value}</span>
        {copy !== undefined && <CopyButton value={copy} what={term} />}
      </dd>
    </div>
  );
}
