// Admin list filters kept in the URL (shareable, survive reload and back), read
// and written as a plain record of strings; empty values are dropped.
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export function useUrlFilters<Key extends string>(
  keys: readonly Key[],
): [Partial<Record<Key, string>>, (next: Partial<Record<Key, string>>) => void] {
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
  return [values, setValues];
}

/** `value` when it is one of `allowed`, else undefined (a hand-edited URL must not reach the server as junk). */
export function oneOf<Value extends string>(allowed: readonly Value[], value: string | undefined): Value | undefined {
  return allowed.find((candidate) => candidate === value);
}
