// The generic error pages (docs/architecture.md, `app.ts`, `http/`): the status code beside a fixed
// title, as `{ error: { code, message } }` for /api and as HTML elsewhere.
// The HTML is the web app's own index.html sent with the real status and a
// `<meta name="cobro-error-status">` naming it, so the app draws its error
// page in the shop's layout and the shopper's language; only when the app is
// not built does a self-contained page stand in. Nothing here ever shows a
// stack trace, an error message from code, or a secret: the title for the
// status is all a visitor learns.
import { ERROR_STATUS_META_NAME } from "@cobro/contracts";
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { cspNonceOf, withCspNonce } from "./csp-nonce";

/** The built web app's index.html, read from disk (null while the app is not built). */
export interface WebAppShell {
  read(): string | null;
}

declare module "hono" {
  interface ContextVariableMap {
    /** Set for every request by `provideWebAppShell`; error pages are drawn inside it. */
    webAppShell: WebAppShell | undefined;
  }
}

/** Middleware that makes `shell` the page every HTML error response is drawn in. */
export function provideWebAppShell(shell: WebAppShell): MiddlewareHandler {
  return async (c, next) => {
    c.set("webAppShell", shell);
    await next();
  };
}

/** Titles the spec fixes for the generic error pages; any other status gets `FALLBACK_ERROR_TITLE`. */
export const ERROR_TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  404: "This page could not be found",
  405: "Method Not Allowed",
  500: "Internal Server Error",
};

export const FALLBACK_ERROR_TITLE = "An unexpected error has occurred";

/** Machine-readable codes of the JSON error body, by status (the same names tRPC uses). */
const ERROR_CODES: Readonly<Record<number, string>> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

/** The spec's title for a status. */
export function errorTitle(status: number): string {
  return ERROR_TITLES[status] ?? FALLBACK_ERROR_TITLE;
}

/** The JSON error code for a status (`ERROR` when there is no specific one). */
export function errorCode(status: number): string {
  return ERROR_CODES[status] ?? "ERROR";
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A self-contained HTML error page: no script, and no inline style (the CSP
 * forbids both), so it renders the same whether or not the web app is built.
 */
export function renderErrorPage(status: number, title: string = errorTitle(status)): string {
  const safeTitle = escapeHtml(title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${status}: ${safeTitle}</title>
</head>
<body>
<main>
<h1>${status}</h1>
<h2>${safeTitle}</h2>
<p><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
`;
}

/**
 * The web app's index.html for an error: the status in a
 * `<meta name="cobro-error-status">` the app reads on its first render, and
 * the spec's title as the document title until the app translates it.
 */
export function renderErrorShell(indexHtml: string, status: number): string {
  const head = `<title>${status}: ${escapeHtml(errorTitle(status))}</title>\n<meta name="${ERROR_STATUS_META_NAME}" content="${status}">`;
  const title = /<title>[^<]*<\/title>/i;
  if (title.test(indexHtml)) return indexHtml.replace(title, head);
  if (/<\/head>/i.test(indexHtml)) return indexHtml.replace(/<\/head>/i, `${head}\n</head>`);
  return `${head}\n${indexHtml}`;
}

/** True for paths answered with JSON errors. */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

export interface ErrorResponseOptions {
  /** A user-facing message for JSON bodies; defaults to the status's title. Never pass an internal error message. */
  message?: string;
  /** Overrides the JSON `code`. */
  code?: string;
  headers?: Record<string, string>;
}

/**
 * Answers with the error page for `status`: JSON `{ error: { code, message } }`
 * under /api; elsewhere the web app's shell naming the status (see
 * `renderErrorShell`), or the self-contained page when the app is not built.
 */
export function respondWithError(
  c: Context,
  status: ContentfulStatusCode,
  options: ErrorResponseOptions = {},
): Response {
  for (const [name, value] of Object.entries(options.headers ?? {})) c.header(name, value);
  c.header("Cache-Control", "no-store");
  if (isApiPath(c.req.path)) {
    return c.json(
      { error: { code: options.code ?? errorCode(status), message: options.message ?? errorTitle(status) } },
      status,
    );
  }
  const shell = c.get("webAppShell")?.read();
  return c.html(shell ? withCspNonce(renderErrorShell(shell, status), cspNonceOf(c)) : renderErrorPage(status), status);
}
