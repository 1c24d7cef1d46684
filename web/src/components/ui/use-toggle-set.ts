/** A set of open ids (expanded rows, shown payloads) and a toggle for one of them. */
import { useCallback, useState } from 'react';

export function useToggleSet(): [Set<string>, (id: string) => void] {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = useCallback(
    (id: string) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return [open, toggle];
}
