import { useId } from "react";

/**
 * A unique id for this component instance that is safe in HTML and CSS (`quantity-r1`), for tying a label,
 * description or title to its element. React's `useId` alone contains characters (`:`, `«»`) that break CSS
 * selectors and some test tools.
 *
 * @example
 * const id = useDomId("quantity");
 * <label htmlFor={id}>Quantity</label><input id={id} />
 */
export function useDomId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
}
