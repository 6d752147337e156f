import type { TypedApiEntry } from '@kl/contracts/api-call';
import type { Locale } from '@kl/contracts/i18n';
import { MODULE_ID_HEADER } from '@kl/contracts/modules';
import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import { buildUrl, unwrapEnvelope, type QueryRecord } from './api-client.ts';

/** One GET of the API, answered by the server in-process: the parsed JSON body and its status. */
export type ServerGet = (
  url: string,
  headers: Readonly<Record<string, string>>,
) => Promise<{ status: number; body: unknown }>;

/** A call of a first screen the server renders, with the query key the client reads its answer under. */
export interface ServerRequest {
  key: QueryKey;
  entry: TypedApiEntry;
  query?: QueryRecord;
  /** The query's data from the call's value, where the client's query function reshapes it. */
  toData?: (value: never) => unknown;
}

/**
 * Asks the server for a first screen's data (in the page's language) and answers it as the dehydrated
 * state of TanStack Query (docs/decisions/005-web-first-load.md). A call that fails is left out: the
 * client asks it again.
 */
export async function loadServerState(
  requests: readonly ServerRequest[],
  { language, get }: { language: Locale; get: ServerGet },
): Promise<DehydratedState> {
  const queryClient = new QueryClient();
  await Promise.all(
    requests.map(async ({ key, entry, query, toData }) => {
      const { status, body } = await get(buildUrl(entry.path, { query }), {
        Accept: 'application/json',
        'Accept-Language': language,
        [MODULE_ID_HEADER]: entry.moduleId,
      });
      let value: unknown;
      try {
        value = entry.response.parse(unwrapEnvelope(body, status));
      } catch {
        return;
      }
      queryClient.setQueryData(key, toData ? toData(value as never) : value);
    }),
  );
  return dehydrate(queryClient);
}
