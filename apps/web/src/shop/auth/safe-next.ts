// Where to go after signing in. `next` comes from the address bar, so only a
// path on this site is followed: never another origin (an open redirect would
// let a phishing link bounce through our sign-in page).

/** The default destination after signing in. */
export const DEFAULT_NEXT = "/";

/**
 * `next` when it is a same-site path ("/account", "/plans/abc?x=1"), else "/". Refuses protocol-relative
 * ("//evil.test"), backslash tricks ("/\\evil.test"), absolute URLs and control characters.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return DEFAULT_NEXT;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(next)) return DEFAULT_NEXT;
  try {
    const url = new URL(next, "http://cobro.invalid");
    if (url.origin !== "http://cobro.invalid") return DEFAULT_NEXT;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_NEXT;
  }
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(safeNextPath(path))}`;
}
