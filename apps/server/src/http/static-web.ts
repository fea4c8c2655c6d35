// Serves the built web app (apps/web/dist): files by path, and index.html for
// any other GET so the browser router can take over (SPA fallback). Files
// under /assets/ carry a content hash in their names, so they are cached for
// good; index.html is never cached, so a deploy shows at once.
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context, MiddlewareHandler } from "hono";
import { respondWithError } from "./error-pages";

/** Where `npm run build --workspace @cobro/web` writes the app. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL("../../../web/dist/", import.meta.url));

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};

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

async function readFileIfPresent(path: string): Promise<Buffer | null> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

/** Maps a URL path to a file inside `root`, or null when it would escape it. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const target = resolve(join(root, decoded));
  return target === root || target.startsWith(root.endsWith(sep) ? root : `${root}${sep}`) ? target : null;
}

function fileResponse(c: Context, body: Buffer, path: string, cacheControl: string): Response {
  c.header("Content-Type", CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream");
  c.header("Cache-Control", cacheControl);
  if (c.req.method === "HEAD") return c.body(null);
  return c.body(new Uint8Array(body));
}

export interface StaticWebOptions {
  /** The built app's directory; default `apps/web/dist`. */
  root?: string;
}

/**
 * The catch-all handler for non-API paths. GET/HEAD only (others get 405);
 * a missing file with an extension is a 404, any other path gets index.html.
 */
export function serveWebApp(options: StaticWebOptions = {}): MiddlewareHandler {
  const root = resolve(options.root ?? DEFAULT_WEB_DIST_DIR);
  return async (c) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      return respondWithError(c, 405, { headers: { Allow: "GET, HEAD" } });
    }
    const path = c.req.path;
    if (path !== "/" && !path.endsWith("/")) {
      const target = resolveInside(root, path);
      if (target === null) return respondWithError(c, 404);
      const file = await readFileIfPresent(target);
      if (file) {
        const immutable = path.startsWith("/assets/");
        return fileResponse(
          c,
          file,
          target,
          immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
        );
      }
      if (hasFileExtension(path)) return respondWithError(c, 404);
    }
    const indexPath = join(root, "index.html");
    const index = await readFileIfPresent(indexPath);
    if (index) return fileResponse(c, index, indexPath, "no-store");
    c.header("Cache-Control", "no-store");
    return c.html(WEB_NOT_BUILT_PAGE, 200);
  };
}
