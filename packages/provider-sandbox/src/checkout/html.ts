// A tiny HTML builder for the hosted pages: every interpolated value is
// escaped unless it is already `SafeHtml`, so buyer input, item titles and
// seller data can never inject markup. Pages carry their CSS inline and load
// nothing from elsewhere (the sandbox must work offline).

import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Markup that is already safe to emit as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/**
 * Tagged template that escapes its values; arrays are joined, and `null`,
 * `undefined` and `false` render nothing (for conditional parts).
 *
 * @example html`<p>${userText}</p>`
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new SafeHtml(out);
}

/**
 * No scripts, no external loads, no framing; `form-action` is left open because
 * the browser applies it to the redirect that follows a form post (the store's
 * back URL, the integrator's OAuth redirect_uri).
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

/** Answers with a hosted page (a full document from `renderPage`) and `PAGE_SECURITY_HEADERS`. */
export function htmlPage(c: Context, body: string, status: ContentfulStatusCode = 200): Response {
  return c.html(body, status, { ...PAGE_SECURITY_HEADERS });
}

const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:100%;line-height:1.5;color:#1a1a1a;background:#f3f4f6}
body{margin:0}
.sandbox-banner{margin:0;padding:.5rem 1rem;background:#fff4cc;color:#4a3800;border-bottom:1px solid #e0c860;font-size:.9rem;text-align:center}
.skip-link{position:absolute;left:-999px;top:0;padding:.5rem 1rem;background:#fff;color:#0b4f94}
.skip-link:focus{left:1rem;z-index:1}
main{max-width:42rem;margin:0 auto;padding:.75rem}
.card{background:#fff;border:1px solid #d0d4da;border-radius:.5rem;padding:.75rem;margin:0 0 1rem}
@media (min-width:30rem){main{padding:1rem}.card{padding:1rem 1.25rem}}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:0 0 .75rem}
.table-wrap{overflow-x:auto}
table{width:100%;border-collapse:collapse}
th,td{padding:.4rem .3rem;text-align:left;vertical-align:top;border-bottom:1px solid #e5e7eb}
td .hint{overflow-wrap:anywhere}
th code{white-space:nowrap}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot th,tfoot td{font-weight:700;border-bottom:0;font-size:1.1rem}
fieldset{border:1px solid #d0d4da;border-radius:.5rem;margin:0 0 1rem;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.field{margin:0 0 .9rem}
.field label{display:block;font-weight:600;margin:0 0 .25rem}
.hint{display:block;font-size:.875rem;color:#4b5563;margin:0 0 .25rem}
input,select{width:100%;font:inherit;padding:.55rem .6rem;border:1px solid #6b7280;border-radius:.35rem;background:#fff;color:#1a1a1a;min-height:2.75rem}
input[aria-invalid="true"],select[aria-invalid="true"]{border:2px solid #b00020}
.field-error{display:block;color:#b00020;font-weight:600;margin:.25rem 0 0}
.row{display:grid;grid-template-columns:1fr;gap:0 1rem}
@media (min-width:30rem){.row{grid-template-columns:1fr 1fr}.row-3{grid-template-columns:1fr 1fr 1fr}}
button,.button{display:inline-block;font:inherit;font-weight:700;padding:.75rem 1.25rem;border-radius:.35rem;border:2px solid #0b4f94;background:#0b4f94;color:#fff;cursor:pointer;text-decoration:none;min-height:2.75rem;text-align:center}
button.secondary,.button.secondary{background:#fff;color:#0b4f94}
button.wide{width:100%}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1rem 0 0}
a{color:#0b4f94}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error-summary{border:2px solid #b00020;background:#fff5f6}
.error-summary h2{color:#b00020}
.status-approved{border-left:6px solid #137333}
.status-pending{border-left:6px solid #b26a00}
.status-rejected{border-left:6px solid #b00020}
dl.details{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dl.details dt{font-weight:600}
dl.details dd{margin:0;word-break:break-all}
code{font-family:ui-monospace,Menlo,Consolas,monospace;background:#f3f4f6;padding:0 .2rem;border-radius:.2rem}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

/** A complete page: banner saying this is the sandbox, a skip link and the content. */
export function renderPage(input: { title: string; body: SafeHtml; skipTo?: string }): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title}</title>
<style>${new SafeHtml(PAGE_CSS)}</style>
</head>
<body>
${input.skipTo ? html`<a class="skip-link" href="#${input.skipTo}">Skip to the form</a>` : null}
<header><p class="sandbox-banner">Cobro provider sandbox: test payments only, no real money moves.</p></header>
<main>
${input.body}
</main>
</body>
</html>
`.value;
}
