import type { HelpTopic } from '@kl/contracts/content';

/** A 0-based index of the address (`i`, `c`), else null. */
export function indexOf(value: string | null): number | null {
  if (value === null || !/^[0-9]{1,4}$/.test(value)) return null;
  return Number(value);
}

/**
 * The topic /m/help shows (product.md §2 query tag, i, c): the one of `tag`, else the `i`-th (from 0), else
 * the first. An unknown tag or index falls back to the first topic.
 */
export function selectedTopic(
  topics: readonly HelpTopic[],
  params: URLSearchParams,
): { topic: HelpTopic | undefined; index: number } {
  const tag = params.get('tag');
  const byTag =
    tag === null ? -1 : topics.findIndex((topic) => topic.tag.toLowerCase() === tag.toLowerCase());
  if (byTag >= 0) return { topic: topics[byTag], index: byTag };
  const i = indexOf(params.get('i'));
  if (i !== null && i < topics.length) return { topic: topics[i], index: i };
  return { topic: topics[0], index: 0 };
}

/** The item of the topic shown open: `c` (from 0), or the only item of a one-item topic. */
export function openedItem(topic: HelpTopic | undefined, params: URLSearchParams): number | null {
  if (!topic) return null;
  const c = indexOf(params.get('c'));
  if (c !== null && c < topic.items.length) return c;
  return topic.items.length === 1 ? 0 : null;
}
