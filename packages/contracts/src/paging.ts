import { z } from 'zod';

/**
 * `pageNo` and `pageSize` of a paged list (docs/product.md §7 reports): pages count from 1, a page holds at
 * most `size.max` items and `size.default` when the caller does not say. Query strings carry text, so both
 * are coerced; their input type stays a number for callers.
 */
export function pageParams(size: { readonly default: number; readonly max: number }) {
  return {
    pageNo: z.coerce.number<number>().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(size.max).default(size.default),
  };
}

/** A period's `from` (inclusive) comes before its `to` (exclusive): the check and its message. */
export const fromBeforeTo: [
  (query: { from?: string | undefined; to?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to),
  { message: 'from must be before to', path: ['to'] },
];
