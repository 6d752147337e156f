import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { listKey } from './paged-list.ts';
import { useErrorText } from './use-error-text.ts';

export interface AdminMutationOptions<V, R> {
  /** Lists (and other `['admin', name]` queries) that show what the call changes: refreshed after it. */
  invalidates: readonly string[];
  /** A message after success (none when undefined). */
  successText?: (result: R, variables: V) => string | undefined;
  /** false: the caller shows the failure itself (a form shows it under its fields). */
  errorMessage?: boolean;
}

/** A write of the back office: refreshes what it changed, and says how it went. */
export function useAdminMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  { invalidates, successText, errorMessage = true }: AdminMutationOptions<V, R>,
) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const errorText = useErrorText();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      const text = successText?.(result, variables);
      if (text) void message.success(text);
      await Promise.all(
        invalidates.map((list) => queryClient.invalidateQueries({ queryKey: listKey(list) })),
      );
    },
    onError: (error) => {
      if (errorMessage) void message.error(errorText(error));
    },
  });
}
