// The sandbox's stand-in for the provider's browser SDK (MercadoPago.js v2):
// the script (`GET /js/v2`, real URL https://sdk.mercadopago.com/js/v2) and
// one page per secure field (`GET /secure-fields/<type>`), each holding the
// real <input> in a frame from the sandbox's origin, cross-origin to the shop.
// The frames' own script is `GET /js/v2/secure-fields.js`.

import { readFileSync } from "node:fs";
import type { Context } from "hono";
import { escapeHtml } from "../checkout/html";
import type { RegisterRoutes } from "../context";
import { markPublicPath } from "../core/public-paths";

/** Path of the SDK script (the provider serves it at https://sdk.mercadopago.com/js/v2). */
export const SDK_SCRIPT_PATH = "/js/v2";
/** Path of the script every secure-field frame runs. */
export const SECURE_FIELD_SCRIPT_PATH = "/js/v2/secure-fields.js";
/** Prefix of the secure-field frames: `/secure-fields/<type>`. */
export const SECURE_FIELDS_PATH = "/secure-fields";

export const SECURE_FIELD_TYPES = [
  "cardNumber",
  "expirationDate",
  "expirationMonth",
  "expirationYear",
  "securityCode",
] as const;
export type SecureFieldType = (typeof SECURE_FIELD_TYPES)[number];

function readStatic(name: string): string {
  return readFileSync(new URL(`./static/${name}`, import.meta.url), "utf8");
}

let sdkSource: string | null = null;
let fieldSource: string | null = null;

/** Locales the SDK documents; the frame's `lang` and default labels follow the language. */
const LOCALES = ["es-AR", "es-CL", "es-CO", "es-MX", "es-VE", "es-UY", "es-PE", "pt-BR", "en-US"];

const LABELS: Record<"en" | "es" | "pt", Record<SecureFieldType, string>> = {
  en: {
    cardNumber: "Card number",
    expirationDate: "Expiration date (MM/YY)",
    expirationMonth: "Expiration month (MM)",
    expirationYear: "Expiration year",
    securityCode: "Security code",
  },
  es: {
    cardNumber: "Número de tarjeta",
    expirationDate: "Fecha de vencimiento (MM/AA)",
    expirationMonth: "Mes de vencimiento (MM)",
    expirationYear: "Año de vencimiento",
    securityCode: "Código de seguridad",
  },
  pt: {
    cardNumber: "Número do cartão",
    expirationDate: "Data de vencimento (MM/AA)",
    expirationMonth: "Mês de vencimento (MM)",
    expirationYear: "Ano de vencimento",
    securityCode: "Código de segurança",
  },
};

/** provider: the inputs carry the HTML autofill tokens for card data. */
const AUTOCOMPLETE: Record<SecureFieldType, string> = {
  cardNumber: "cc-number",
  expirationDate: "cc-exp",
  expirationMonth: "cc-exp-month",
  expirationYear: "cc-exp-year",
  securityCode: "cc-csc",
};

/**
 * The frames may be embedded by any shop (`frame-ancestors *`), load only their
 * own script and talk only to the sandbox's origin.
 */
export const SECURE_FIELD_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

// Like the provider's frames, the input is bare (no border, no focus ring): the shop's container around the
// frame draws the box, its focus (the iframe is the focused element of the shop's page: :focus-within) and errors.
const FIELD_CSS = `
*{box-sizing:border-box}
html,body{margin:0;padding:0;height:100%;background:transparent;overflow:hidden}
input{display:block;width:100%;height:var(--field-height,100%);min-height:32px;margin:0;padding:0;font:inherit;font-size:16px;
 font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1a1a;background:transparent;border:0;outline:0}
input::placeholder{color:var(--placeholder-color,#6b7078);opacity:1}
`;

function languageOf(locale: string): "en" | "es" | "pt" {
  const lang = locale.slice(0, 2);
  return lang === "es" || lang === "pt" ? lang : "en";
}

/** The HTML of one secure field's frame. `label` (the SDK's `srLabel`) becomes the input's aria-label. */
export function renderSecureFieldPage(type: SecureFieldType, locale: string, label: string | null): string {
  const lang = languageOf(locale);
  const accessibleName = label?.trim() || LABELS[lang][type];
  const name = escapeHtml(accessibleName);
  return `<!doctype html>
<html lang="${escapeHtml(LOCALES.includes(locale) ? locale : lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${name}</title>
<style>${FIELD_CSS}</style>
</head>
<body>
<input id="field" name="${escapeHtml(type)}" type="text" inputmode="numeric" autocomplete="${AUTOCOMPLETE[type]}" aria-label="${name}" spellcheck="false" autocapitalize="off" autocorrect="off">
<script src="${SECURE_FIELD_SCRIPT_PATH}"></script>
</body>
</html>
`;
}

function script(c: Context, source: string): Response {
  return c.body(source, 200, {
    "content-type": "text/javascript; charset=utf-8",
    // A script tag needs no CORS, but a shop that loads it with `crossorigin` (SRI) does.
    "access-control-allow-origin": "*",
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
  });
}

/** Routes of the browser SDK stand-in: the SDK script, the frames' script and the frames. */
export const registerBrowserSdkRoutes: RegisterRoutes = (app, ctx) => {
  markPublicPath(app, SDK_SCRIPT_PATH);
  markPublicPath(app, SECURE_FIELDS_PATH);
  app.get(SDK_SCRIPT_PATH, (c) => {
    sdkSource ??= readStatic("mercadopago-v2.js");
    // The script finds the sandbox's origin from its own <script src>; this is the fallback when it cannot.
    const origin = ctx.config.publicUrl ? new URL(ctx.config.publicUrl).origin : new URL(c.req.url).origin;
    return script(c, sdkSource.replace("__SANDBOX_ORIGIN__", origin));
  });
  app.get(SECURE_FIELD_SCRIPT_PATH, (c) => {
    fieldSource ??= readStatic("secure-field.js");
    return script(c, fieldSource);
  });
  app.get(`${SECURE_FIELDS_PATH}/:type`, (c) => {
    const type = c.req.param("type");
    if (!(SECURE_FIELD_TYPES as readonly string[]).includes(type)) {
      return c.text(`unknown secure field "${type}": use one of ${SECURE_FIELD_TYPES.join(", ")}`, 404);
    }
    const page = renderSecureFieldPage(
      type as SecureFieldType,
      c.req.query("locale") ?? "en-US",
      c.req.query("label") ?? null,
    );
    return c.html(page, 200, { ...SECURE_FIELD_HEADERS });
  });
};
