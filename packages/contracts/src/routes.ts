// The page routes of the web app, shared by the browser router (apps/web
// app.tsx builds its <Route>s from PAGE_ROUTES) and the server, which answers
// a path no route matches with a real 404 instead of drawing the 404 page over
// a 200. Patterns use react-router's syntax: `:name` is one segment, a trailing
// `*` is the rest of the path.

/**
 * The `<meta name>` through which the server tells the web app which error page
 * to draw: for an error on a page path the server sends the app's index.html
 * with the real status and `<meta name="cobro-error-status" content="404">`
 * (a meta tag, not an inline script: the CSP forbids inline scripts).
 */
export const ERROR_STATUS_META_NAME = "cobro-error-status";

/** HTTP methods every page answers; anything else on a page path is a 405. */
export const PAGE_METHODS = ["GET", "HEAD"] as const;

/** The `Allow` header of a 405 on a page path. */
export const PAGE_ALLOW_HEADER = PAGE_METHODS.join(", ");

/** What a dynamic segment is looked up in before the server answers 200 (an unknown one is a 404). */
export type PageResource = "product" | "plan";

export interface PageRoute {
  /** A react-router path pattern. */
  readonly path: string;
  /** Set when the `:param` of `path` names a record that must exist (product slug, plan id). */
  readonly resource?: { readonly kind: PageResource; readonly param: string };
}

/** Every page of the app by name; the catch-all 404 is not one. */
export const PAGE_ROUTES = {
  storefront: { path: "/" },
  product: { path: "/products/:slug", resource: { kind: "product", param: "slug" } },
  cart: { path: "/cart" },
  checkout: { path: "/checkout" },
  checkoutResult: { path: "/checkout/result" },
  /** Where a payment link's buyer returns from the provider's page (back_urls of links made in the console). */
  linkThanks: { path: "/thank-you" },
  plans: { path: "/plans" },
  plan: { path: "/plans/:id", resource: { kind: "plan", param: "id" } },
  account: { path: "/account" },
  login: { path: "/login" },
  signup: { path: "/signup" },
  checkEmail: { path: "/check-email" },
  verifyEmail: { path: "/verify-email" },
  forgotPassword: { path: "/forgot-password" },
  resetPassword: { path: "/reset-password" },
  /** Where a staff invitation's link leads (`#token=…`). */
  acceptInvitation: { path: "/accept-invitation" },
  admin: { path: "/admin/*" },
} as const satisfies Record<string, PageRoute>;

export type PageRouteName = keyof typeof PAGE_ROUTES;

export interface PageRouteMatch {
  name: PageRouteName;
  route: PageRoute;
  /** Decoded `:param` values (and `*` for the rest of a splat route). */
  params: Record<string, string>;
}

/** Thrown by `matchPageRoute` for a path whose percent-encoding is malformed (`/products/%E0%A4%A`). */
export class MalformedPathError extends Error {
  constructor(path: string) {
    super(`Malformed percent-encoding in path: ${path}`);
    this.name = "MalformedPathError";
  }
}

/** Decodes one path segment; malformed escapes and NUL bytes are refused. */
function decodeSegment(segment: string, path: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new MalformedPathError(path);
  }
  if (decoded.includes("\0")) throw new MalformedPathError(path);
  return decoded;
}

/**
 * True when every segment of an encoded URL path decodes (no stray `%`, no
 * invalid UTF-8, no NUL byte). The server answers 400 otherwise.
 */
export function isWellFormedPath(encodedPath: string): boolean {
  try {
    for (const segment of encodedPath.split("/")) decodeSegment(segment, encodedPath);
    return true;
  } catch {
    return false;
  }
}

function matchPattern(pattern: string, segments: readonly string[], path: string): Record<string, string> | null {
  const parts = pattern.split("/").filter((part) => part !== "");
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    if (part === "*") {
      params["*"] = segments
        .slice(index)
        .map((segment) => decodeSegment(segment, path))
        .join("/");
      return params;
    }
    const segment = segments[index];
    if (segment === undefined) return null;
    if (part.startsWith(":")) {
      params[part.slice(1)] = decodeSegment(segment, path);
    } else if (decodeSegment(segment, path).toLowerCase() !== part.toLowerCase()) {
      // react-router matches literal segments case-insensitively; the server must agree.
      return null;
    }
  }
  return segments.length === parts.length ? params : null;
}

/**
 * The page route an encoded URL path belongs to, or null for an unknown path
 * (the 404 page). Matches as react-router does: a trailing slash is ignored,
 * literal segments ignore case, `:param` is one non-empty segment.
 *
 * @throws MalformedPathError when the path's percent-encoding is malformed (a 400).
 * @example matchPageRoute("/products/blue%20mug") // { name: "product", params: { slug: "blue mug" }, … }
 */
export function matchPageRoute(encodedPath: string): PageRouteMatch | null {
  if (!isWellFormedPath(encodedPath)) throw new MalformedPathError(encodedPath);
  const segments = encodedPath.split("/").filter((segment) => segment !== "");
  for (const [name, route] of Object.entries(PAGE_ROUTES) as [PageRouteName, PageRoute][]) {
    const params = matchPattern(route.path, segments, encodedPath);
    if (params) return { name, route, params };
  }
  return null;
}
