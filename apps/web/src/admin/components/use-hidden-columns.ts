// Which optional columns of a console list are hidden, remembered per list in this browser (localStorage), so a
// merchant who hid "Reference" on Payments finds it hidden after a reload or on their next visit.
import { useCallback, useState } from "react";

const STORAGE_PREFIX = "cobro.admin.columns:";

/** The storage key of a list: its path with ids folded (`/admin/customers/:id`), so every detail page shares one. */
export function columnsStorageKey(pathname: string, listKey?: string): string {
  const path = pathname
    .split("/")
    .map((segment) => (/^\d+$/.test(segment) || /^[0-9a-f-]{36}$/i.test(segment) ? ":id" : segment))
    .join("/");
  return `${STORAGE_PREFIX}${path}${listKey ? `#${listKey}` : ""}`;
}

function read(key: string): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
  } catch {
    // Storage blocked (a private window's policy) or a hand-edited value: every column shown.
    return [];
  }
}

/** The hidden column ids of the list stored under `key`, and a setter that stores them. */
export function useHiddenColumns(key: string): [string[], (hidden: string[]) => void] {
  const [state, setState] = useState(() => ({ key, hidden: read(key) }));
  // Another list (a route change that keeps this component) reads its own choice.
  const hidden = state.key === key ? state.hidden : read(key);
  const setHidden = useCallback(
    (next: string[]) => {
      setState({ key, hidden: next });
      try {
        if (next.length === 0) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Not remembered when storage is blocked; the choice still holds until the page is left.
      }
    },
    [key],
  );
  return [hidden, setHidden];
}
