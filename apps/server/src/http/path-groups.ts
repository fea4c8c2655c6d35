// The three path groups of the request filter (docs/architecture.md, `app.ts`, `http/`): the admin area,
// the API, and every other page — built files excepted, so serving a file
// never costs a session lookup.
import { isApiPath } from "./error-pages";
import { hasFileExtension } from "./static-web";

export type PathGroup = "admin" | "api" | "page" | "static";

/** True for `/admin` and anything below it. */
export function isAdminPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}

/** True for paths the page filter skips: built assets and any file with an extension (the favicon included). */
export function isStaticPath(path: string): boolean {
  return path.startsWith("/assets/") || hasFileExtension(path);
}

/** Which filter group a path falls in; the admin area wins over the file-extension rule. */
export function classifyPath(path: string): PathGroup {
  if (isAdminPath(path)) return "admin";
  if (isApiPath(path)) return "api";
  if (isStaticPath(path)) return "static";
  return "page";
}
