/** The next page of a paged answer (`pageNo`, `pageSize`, `total`), or undefined after the last one. */
export const nextPageOf = (last: { pageNo: number; pageSize: number; total: number }) =>
  last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined;
