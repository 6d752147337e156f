/** Page arithmetic of the paged content lists (the notice page and the inbox). */

/** How many pages of `pageSize` hold `total` rows. */
export const pages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/** The rows before page `pageNo` (counted from 1). */
export const offsetOf = (pageNo: number, pageSize: number) => (pageNo - 1) * pageSize;
