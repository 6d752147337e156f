/** The list with the item at `index` moved one place up (-1) or down (1): what an order's arrows send. */
export function movedOne<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const order = [...list];
  const [moved] = order.splice(index, 1);
  if (moved === undefined) return order;
  order.splice(index + by, 0, moved);
  return order;
}
