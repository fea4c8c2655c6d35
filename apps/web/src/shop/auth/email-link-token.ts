// The one-time token of an e-mail link (/verify-email#token=…,
// /reset-password#token=…). It travels in the fragment, so it never reaches a
// server log or a Referer header; once read, the page drops it from the
// address bar and the history.

/** The token in `hash` (`#token=…`), or null. */
export function readLinkToken(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const token = params.get("token")?.trim() ?? "";
  return token === "" ? null : token;
}

/** Removes the fragment from the current history entry. */
export function forgetLinkToken(): void {
  if (typeof window === "undefined" || window.location.hash === "") return;
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
}
