import { initI18n, resolveInitialLanguage } from '../shared/i18n.ts';
import { createQueryClient } from './query-client.ts';

/** What the app needs before its first render: the language (from ?lang=, storage or Vietnamese). */
export async function bootstrap(url: URL, options: { retry?: boolean } = {}) {
  await initI18n(resolveInitialLanguage(url.search));
  return { queryClient: createQueryClient(options) };
}
