// The payment methods' logos, served by the sandbox itself so that
// `secure_thumbnail` works offline (the real provider points at its image
// host). Simple drawn badges, not the brands' artwork: a rounded rectangle in
// a colour associated with the method, with the method's name on it.

import type { RegisterRoutes } from "../context";
import { markPublicPath } from "../core/public-paths";
import { METHOD_LOGO_PATH } from "../data/method-logo-url";
import { SITES } from "../data/sites";

/** Badge colours per method (background, text); others get a neutral slate. Text contrast ≥ 4.5:1. */
const COLOURS: Readonly<Record<string, readonly [string, string]>> = {
  visa: ["#1a1f71", "#ffffff"],
  debvisa: ["#1a1f71", "#ffffff"],
  master: ["#231f20", "#ffffff"],
  debmaster: ["#231f20", "#ffffff"],
  amex: ["#006fcf", "#ffffff"],
  elo: ["#000000", "#ffcb05"],
  debelo: ["#000000", "#ffcb05"],
  pix: ["#0f766e", "#ffffff"],
  bolbradesco: ["#b91c1c", "#ffffff"],
  rapipago: ["#1e3a8a", "#fde047"],
  pagofacil: ["#1d4ed8", "#ffffff"],
  oxxo: ["#b91c1c", "#fde047"],
  account_money: ["#009ee3", "#ffffff"],
};
const DEFAULT_COLOURS = ["#334155", "#ffffff"] as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The SVG badge of a method: 64 × 40, its name centred, shrunk to fit. */
export function methodLogoSvg(methodId: string, name: string): string {
  const [background, foreground] = COLOURS[methodId] ?? DEFAULT_COLOURS;
  const label = escapeXml(name);
  const fontSize = Math.max(7, Math.min(14, Math.floor(100 / Math.max(name.length, 1))));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 40" width="64" height="40" role="img" aria-label="${label}"><title>${label}</title><rect width="64" height="40" rx="6" fill="${background}"/><text x="32" y="20" dy="0.35em" text-anchor="middle" font-family="system-ui, Arial, sans-serif" font-weight="700" font-size="${fontSize}" fill="${foreground}">${label}</text></svg>`;
}

/** Every method the sandbox's sites know, by id (the same id may appear in several sites with one name). */
function methodNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const site of Object.values(SITES)) for (const method of site.methods) names.set(method.id, method.name);
  names.set("account_money", "Mercado Pago");
  return names;
}

/** Routes of the method logos: `GET /org-img/MP3/API/logos/<id>.svg`, public (an <img> sends no token). */
export const registerMethodLogoRoutes: RegisterRoutes = (app) => {
  markPublicPath(app, METHOD_LOGO_PATH);
  const names = methodNames();
  app.get(`${METHOD_LOGO_PATH}/:file`, (c) => {
    const match = /^([a-z0-9_]+)\.svg$/.exec(c.req.param("file"));
    const name = match ? names.get(match[1] as string) : undefined;
    if (!match || name === undefined) return c.text("no such logo", 404);
    return c.body(methodLogoSvg(match[1] as string, name), 200, {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      // Another origin (the shop) draws these in <img>.
      "Cross-Origin-Resource-Policy": "cross-origin",
      "X-Content-Type-Options": "nosniff",
    });
  });
};
