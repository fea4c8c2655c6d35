import { useEffect } from "react";
import { useStoreIdentity } from "./store-identity";

/** Sets the tab title to "<title> · <store name>" while the page is shown (screen readers announce it on navigation). */
export function useDocumentTitle(title: string): void {
  const { name } = useStoreIdentity();
  useEffect(() => {
    document.title = title === "" ? name : `${title} · ${name}`;
  }, [title, name]);
}
