// The generic error pages (seed-spec §2): the status code beside a fixed
// title, as HTML for pages and as `{ error: { code, message } }` for /api.
// Nothing here ever shows a stack trace, an error message from code, or a
// secret: the title for the status is all a visitor learns.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

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
 * under /api, the HTML page elsewhere.
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
  return c.html(renderErrorPage(status), status);
}
