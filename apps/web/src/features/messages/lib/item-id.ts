/** The id of the item a list screen opens (`?id=`): a positive integer, else null (the list shows). */
export function itemIdOf(value: string | null): number | null {
  if (value === null || !/^[0-9]{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
