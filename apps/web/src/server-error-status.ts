// The error the server answered the first request with. For an error on a page
// path the server sends index.html with the real status and
// `<meta name="cobro-error-status" content="404">` (the CSP forbids inline
// scripts, so a meta tag carries it); the app then draws its error page for
// that status, in the shop's layout, instead of the route's page.
import { ERROR_STATUS_META_NAME } from "@cobro/contracts";

/** The status named by the server's meta tag in `doc`, or null on a normal page. */
export function readServerErrorStatus(doc: Pick<Document, "querySelector">): number | null {
  const content = doc.querySelector(`meta[name="${ERROR_STATUS_META_NAME}"]`)?.getAttribute("content") ?? "";
  if (!/^[1-5]\d\d$/.test(content)) return null;
  const status = Number(content);
  return status >= 400 ? status : null;
}
