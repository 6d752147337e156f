import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { messageFor } from '../lib/api-client.ts';
import { toast } from '../ui/toast.ts';

/**
 * A mutation that says how it went in a toast (product.md §9 durations): on success its text, after the
 * caller's own `onSuccess`, and the queries it changed are fetched again; on failure the message of the
 * error catalogue.
 */
export function useToastedMutation<TVariables, TData>({
  mutationFn,
  successText,
  invalidates,
  onSuccess,
}: {
  mutationFn: (variables: TVariables) => Promise<TData>;
  successText: string;
  invalidates: readonly QueryKey[];
  onSuccess?: (data: TData) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      onSuccess?.(data);
      void toast.success(successText);
      for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => void toast.error(messageFor(error)),
  });
}
