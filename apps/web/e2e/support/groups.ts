/**
 * `items` dealt into `groups` groups (every `groups`-th item, from the first, second…), empty groups left
 * out: a table-driven spec runs one test per group, so both workers share the table evenly.
 */
export function inGroups<T>(items: readonly T[], groups: number): T[][] {
  return Array.from({ length: groups }, (_, group) =>
    items.filter((_, index) => index % groups === group),
  ).filter((members) => members.length > 0);
}
