import { messageFor } from '../lib/api-client.ts';

/**
 * Why a call (a mutation, a query) failed, in the words of the error catalogue and announced to screen
 * readers (role="alert"); nothing while it has not failed.
 */
export function CallFailure({
  call,
  className,
}: {
  call: { isError: boolean; error: unknown };
  className: string;
}) {
  if (!call.isError) return null;
  return (
    <p className={className} role="alert">
      {messageFor(call.error)}
    </p>
  );
}
