// Serves the built web app (apps/web/dist). Files go through Hono's
// serveStatic; every other path is checked against the app's page routes
// (@cobro/contracts PAGE_ROUTES) so the status is true: index.html with 200 for
// a page that exists, the error page (index.html naming the status, see
// error-pages.ts) with 404 for an unknown path or an unknown product or plan,
// 405 for a method a page does not answer, 400 for a malformed path.
// Files under /assets/ (Vite's build) and /images/ (the demo catalog's product
// images, named by scripts/generate-product-images.mjs) carry a content hash
// in their names, so they are cached for good; index.html is revalidated on every visit, so a deploy shows at
// once. Source maps stay on disk for error reports and are never served, nor
// is the build's manifest (dist/.vite/, read by the size budgets).
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isWellFormedPath, matchPageRoute, PAGE_ALLOW_HEADER, type PageRouteMatch } from "@cobro/contracts";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, MiddlewareHandler } from "hono";
import { cspNonceOf, withCspNonce } from "./csp-nonce";
import { respondWithError, type WebAppShell } from "./error-pages";

/** Where `npm run build --workspace @cobro/web` writes the app. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL("../../../web/dist/", import.meta.url));

/** Hashed build output: the name changes whenever the content does. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Folders whose files carry a content hash in their names (Vite's assets, the bundled product images). */
export const HASHED_PATH_PREFIXES = ["/assets/", "/images/"] as const;

/** True for a file path whose name carries a content hash, so it may be cached for good. */
export function isHashedFilePath(path: string): boolean {
  return HASHED_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** index.html and unhashed files: may be stored, but revalidated before each use. */
export const REVALIDATE_CACHE_CONTROL = "no-cache";

/** Shown instead of the app when it has not been built (a fresh clone running only the server). */
export const WEB_NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cobro: the web app is not built</title>
</head>
<body>
<main>
<h1>The web app is not built yet</h1>
<p>The server is running, but <code>apps/web/dist</code> does not exist. Build the web app:</p>
<pre>npm run build --workspace @cobro/web</pre>
<p>or start everything with <code>npm start</code> from the repository root. The API answers under <a href="/api/health">/api/health</a>.</p>
</main>
</body>
</html>
`;

/** True when the last path segment has a file extension (`/logo.svg`, `/robots.txt`). */
export function hasFileExtension(path: string): boolean {
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  return /\.[A-Za-z0-9]+$/.test(lastSegment);
}

/** True for source maps, which production never serves (the build keeps them on disk only). */
export function isSourceMapPath(path: string): boolean {
  return path.toLowerCase().endsWith(".map");
}

/** True for paths with a dot-segment (`/.vite/manifest.json`): build metadata, never served. */
export function isHiddenPath(path: string): boolean {
  return path.split("/").some((segment) => segment.startsWith("."));
}

/**
 * The app's index.html under `root`, re-read only when its modification time
 * changes (a rebuild while the server runs), and read synchronously so error
 * responses stay synchronous.
 */
export function createWebAppShell(root: string): WebAppShell {
  const indexPath = join(root, "index.html");
  let cached: { mtimeMs: number; html: string } | null = null;
  return {
    read() {
      try {
        const { mtimeMs } = statSync(indexPath);
        // A 1 KB file read on the rare change; every other call costs one stat.
        if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexPath, "utf8") };
        return cached.html;
      } catch {
        cached = null;
        return null;
      }
    },
  };
}

export interface StaticWebOptions {
  /** The built app's directory; default `apps/web/dist`. */
  root?: string;
  /** The app's index.html; default read from `root`. */
  shell?: WebAppShell;
  /**
   * Whether the record a dynamic page names exists (product slug, plan id);
   * an unknown one is a 404. Default: every one exists.
   */
  pageExists?: (match: PageRouteMatch) => Promise<boolean>;
}

/** The URL path as sent, percent-encoding intact (Hono's `c.req.path` may be decoded). */
function encodedPathOf(url: string): string {
  return new URL(url).pathname;
}

/**
 * The catch-all handler for non-API paths: files of the build by path, then
 * the page routes as described at the top of this file.
 */
export function serveWebApp(options: StaticWebOptions = {}): MiddlewareHandler {
  const root = resolve(options.root ?? DEFAULT_WEB_DIST_DIR);
  const shell = options.shell ?? createWebAppShell(root);
  const pageExists = options.pageExists ?? (async () => true);
  // Made on first use: serveStatic complains when its root is missing, and an unbuilt app is a normal state here.
  let files: MiddlewareHandler | null = null;
  const serveFile = async (c: Context) => {
    if (files === null) {
      if (!existsSync(root)) return undefined;
      files = serveStatic({ root });
    }
    return (await files(c, async () => {})) ?? undefined;
  };

  return async (c) => {
    const encodedPath = encodedPathOf(c.req.url);
    if (!isWellFormedPath(encodedPath)) return respondWithError(c, 400);
    const isPageMethod = c.req.method === "GET" || c.req.method === "HEAD";

    if (isSourceMapPath(encodedPath) || isHiddenPath(c.req.path)) return respondWithError(c, 404);
    if (isPageMethod && hasFileExtension(c.req.path)) {
      // Set before serveStatic builds the response; a later error response overrides it.
      c.header("Cache-Control", isHashedFilePath(c.req.path) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
      const file = await serveFile(c);
      if (file) return file;
    }

    const match = matchPageRoute(encodedPath);
    if (match === null) return respondWithError(c, 404);
    if (!isPageMethod) return respondWithError(c, 405, { headers: { Allow: PAGE_ALLOW_HEADER } });
    if (match.route.resource && !(await pageExists(match))) return respondWithError(c, 404);

    const html = shell.read();
    c.header("Cache-Control", REVALIDATE_CACHE_CONTROL);
    if (html === null) return c.html(WEB_NOT_BUILT_PAGE, 200);
    return c.html(withCspNonce(html, cspNonceOf(c)), 200);
  };
}
