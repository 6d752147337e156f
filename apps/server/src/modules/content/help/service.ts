import {
  type ContentLang,
  type HelpCentre,
  type HelpDevice,
  type HelpItem,
  textIn,
} from '@kl/contracts/content';
import type { HelpItemRow } from '../../../db/schema/index.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { HelpRepository } from './repository.ts';

/**
 * The help centre (product.md §2 /m/help with `?tag=` and /m/helpDetail, §3 help topics in HTML): the
 * topics of a device with their items, and one item.
 */

function toHelpItem(row: HelpItemRow, lang: ContentLang): HelpItem {
  return {
    id: row.id,
    tag: row.tag,
    title: textIn(row.title, lang),
    content: textIn(row.content, lang),
    sort: row.sortOrder,
  };
}

export function createHelpService(deps: { help: HelpRepository }) {
  const { help } = deps;
  return {
    async helpCentre(
      merchantCode: string,
      query: { device: HelpDevice; tag?: string },
      lang: ContentLang,
    ): Promise<HelpCentre> {
      const [topics, items] = await Promise.all([
        help.helpTopics(merchantCode),
        help.helpItems(merchantCode, query.device, query.tag),
      ]);
      const shown = topics.filter((topic) => query.tag === undefined || topic.tag === query.tag);
      return {
        lang,
        device: query.device,
        topics: shown
          .map((topic) => ({
            tag: topic.tag,
            name: textIn(topic.name, lang),
            sort: topic.sortOrder,
            items: items.filter((item) => item.tag === topic.tag).map((item) => toHelpItem(item, lang)),
          }))
          .filter((topic) => topic.items.length > 0),
      };
    },

    async helpItem(merchantCode: string, itemId: number, lang: ContentLang): Promise<HelpItem> {
      const row = await help.findHelpItem(merchantCode, itemId);
      if (!row) throw new DomainError('NOT_FOUND', { reason: 'HELP_ITEM_NOT_FOUND' });
      return toHelpItem(row, lang);
    },
  };
}

export type HelpService = ReturnType<typeof createHelpService>;
