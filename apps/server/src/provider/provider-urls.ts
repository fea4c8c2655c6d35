// URLs we hand the provider: where it notifies us and where it sends buyers back.
import type { AppDeps } from "../deps";

/** Path of the webhook route (see webhooks/mercadopago-webhook.ts). */
export const WEBHOOK_ROUTE = "/api/webhooks/mercadopago";
/** The web app's page that shows a checkout's outcome (Checkout Pro back_urls land here). */
export const CHECKOUT_RESULT_ROUTE = "/checkout/result";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1", "0.0.0.0"]);

function isLocalOnly(publicUrl: string): boolean {
  try {
    const host = new URL(publicUrl).hostname;
    return LOCAL_HOSTS.has(host) || host.endsWith(".localhost");
  } catch {
    return true;
  }
}

function origin(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, "");
}

/**
 * provider §9.1: with this query the provider sends the URL only Webhooks (signed), not also the legacy IPN, which
 * carries no signature: the route refuses it (401) and the provider would retry it every 15 minutes for days.
 */
export const WEBHOOKS_ONLY_QUERY = "source_news=webhooks";

/**
 * The notification_url for a payment or preference, or undefined when the real
 * provider could not reach it (live mode on a localhost-only public URL: the
 * provider would refuse or drop it; the app-level webhook and `checkout.result`'s
 * polling cover that case). The embedded sandbox runs beside us, so it can.
 */
export function notificationUrlFor(deps: Pick<AppDeps, "publicUrl" | "providerSettings">): string | undefined {
  if (deps.providerSettings.mode === "live" && isLocalOnly(deps.publicUrl)) return undefined;
  return `${origin(deps.publicUrl)}${WEBHOOK_ROUTE}?${WEBHOOKS_ONLY_QUERY}`;
}

/** Where Checkout Pro sends the buyer back, whatever the outcome. */
export function checkoutResultUrlFor(deps: Pick<AppDeps, "publicUrl">): string {
  return `${origin(deps.publicUrl)}${CHECKOUT_RESULT_ROUTE}`;
}
