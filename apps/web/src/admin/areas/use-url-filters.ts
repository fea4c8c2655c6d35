// The search state of every console list, kept in the URL (shareable, survives reload and back): its filters, read
// and written as a plain record of strings (empty values dropped), and the page of a list the provider pages by
// offset (`?offset=40`). New filters start again at the first page; moving to another page keeps the filters.
import { MAX_LIST_OFFSET } from "@cobro/contracts";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/** The page of an offset-paged list, and a function that moves the list to another offset. */
export interface UrlPaging {
  offset: number;
  goTo: (offset: number) => void;
}

/** The offset a URL asks for; 0 for anything else (a hand-edited URL must not reach the server as junk). */
export function readOffset(value: string | null): number {
  const offset = Number(value ?? 0);
  return Number.isInteger(offset) && offset >= 0 && offset <= MAX_LIST_OFFSET ? offset : 0;
}

/**
 * The list's filters named by `keys`, a setter that replaces them all (trimmed, empty ones dropped, back to the
 * first page), and the offset paging.
 *
 * @example
 * const [filters, setFilters, { offset, goTo }] = useUrlFilters(["status", "q", "account"] as const);
 */
export function useUrlFilters<Key extends string>(
  keys: readonly Key[],
): [Partial<Record<Key, string>>, (next: Partial<Record<Key, string>>) => void, UrlPaging] {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const read: Partial<Record<Key, string>> = {};
    for (const key of keys) {
      const value = params.get(key);
      if (value) read[key] = value;
    }
    return read;
  }, [params, keys]);
  const setValues = useCallback(
    (next: Partial<Record<Key, string>>) => {
      const written = new URLSearchParams();
      for (const key of keys) {
        const value = next[key]?.trim();
        if (value) written.set(key, value);
      }
      setParams(written);
    },
    [keys, setParams],
  );
  const goTo = useCallback(
    (nextOffset: number) => {
      const next = new URLSearchParams(params);
      if (nextOffset > 0) next.set("offset", String(nextOffset));
      else next.delete("offset");
      setParams(next);
    },
    [params, setParams],
  );
  return [values, setValues, { offset: readOffset(params.get("offset")), goTo }];
}

/** `value` when it is one of `allowed`, else undefined (a hand-edited URL must not reach the server as junk). */
export function oneOf<Value extends string>(allowed: readonly Value[], value: string | undefined): Value | undefined {
  return allowed.find((candidate) => candidate === value);
}
