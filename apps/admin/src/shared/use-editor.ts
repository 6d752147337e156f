import { useState } from 'react';

/**
 * Which row the editor dialog of a list screen is open on: none, a new row, or a row of the list (by its
 * code). `key` gives the dialog a fresh form for each row it opens on.
 */
export function useEditor<T extends { code: string }>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    openNew: () => setEditing('new'),
    open: (row: T) => setEditing(row),
    close: () => setEditing(null),
    key: editing === null ? 'closed' : editing === 'new' ? 'new' : editing.code,
    isOpen: editing !== null,
    /** The row being edited; null for a new one (or when closed). */
    row: editing === 'new' ? null : editing,
  };
}
