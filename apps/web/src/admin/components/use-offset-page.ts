// The page of a list the provider pages by offset, kept in the URL (`?offset=40`) so a page can be shared, reloaded
// and reached with the back button; the other filters in the URL stay as they are.
import { useSearchParams } from "react-router";

/** The deepest offset a hand-edited URL may ask for (the provider's searches stop well before). */
const MAX_OFFSET = 10_000;

export function readOffset(value: string | null): number {
  const offset = Number(value ?? 0);
  return Number.isInteger(offset) && offset >= 0 && offset <= MAX_OFFSET ? offset : 0;
}

/** The offset the URL asks for, and a function that moves the list to another offset. */
export function useOffsetPage(): { offset: number; goTo: (offset: number) => void } {
  const [params, setParams] = useSearchParams();
  const goTo = (nextOffset: number) => {
    const next = new URLSearchParams(params);
    if (nextOffset > 0) next.set("offset", String(nextOffset));
    else next.delete("offset");
    setParams(next);
  };
  return { offset: readOffset(params.get("offset")), goTo };
}
