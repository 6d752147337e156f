import { useState } from 'react';

/**
 * The state of a dialog that adds a row or edits one: the row edited (null when adding), whether it is
 * open, and its `key` — a new one per row, so that its form starts again from that row.
 */
export function useEditDialog<T>(keyOf: (row: T) => string) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    add: () => setEditing('new'),
    edit: (row: T) => setEditing(row),
    close: () => setEditing(null),
    open: editing !== null,
    row: editing === 'new' ? null : editing,
    key: editing === null ? 'closed' : editing === 'new' ? 'new' : keyOf(editing),
  };
}
