/**
 * Whether `order` names every item of `known` exactly once: a new order sent by a list (banners of a
 * group, deposit channels, links of a kind) that was read before another change would drop or repeat one.
 */
export function namesEachOnce<T>(order: readonly T[], known: ReadonlySet<T>): boolean {
  return (
    new Set(order).size === order.length &&
    order.length === known.size &&
    order.every((item) => known.has(item))
  );
}
