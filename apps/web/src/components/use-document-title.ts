import { useEffect } from "react";

/** Sets the tab title to "<title> · Cobro" while the page is shown (screen readers announce it on navigation). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === "" ? "Cobro" : `${title} · Cobro`;
  }, [title]);
}
