import type { ProviderKindProps } from './registry.ts';
import { SportsBook } from './sports/sports-book.tsx';

/** The sports book (football) and the e-sports book (LoL, CS2, Dota 2) of the provider's client. */
export default function SportsKind({ kind, ...props }: ProviderKindProps) {
  return (
    <SportsBook
      key={`${props.session.sessionId}:${kind}`}
      kind={kind === 'esports' ? 'esports' : 'sports'}
      {...props}
    />
  );
}
