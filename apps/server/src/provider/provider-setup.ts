// Which Mercado Pago the server talks to. With MP_ACCESS_TOKEN it is the real
// one (live mode); without, the embedded sandbox is started in-process and
// plays the provider, so a fresh clone takes test payments with no account.
//
// The sandbox is a development dependency: it is imported only in sandbox
// mode (a dynamic import, its own chunk in the production build), so live
// mode neither loads it nor needs it installed.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type CallEndInfo, createProviderClient, type ProviderClient } from "@cobro/provider-client";
import type { Sandbox } from "mercadopago-sandbox";
import type { ProviderSettings } from "../deps";
import type { Env } from "../env";

/** provider: the production API host (sandbox credentials use the same host). */
export const DEFAULT_PROVIDER_API_URL = "https://api.mercadopago.com";

/** Where the provider posts notifications, relative to the app's public URL. */
export const WEBHOOK_PATH = "/api/webhooks/mercadopago";

/** What `startProvider` gives the rest of the server. */
export interface ProviderRuntime {
  provider: ProviderClient;
  settings: ProviderSettings;
  /** The embedded sandbox in sandbox mode, null in live mode. */
  sandbox: Sandbox | null;
  /** Stops the embedded sandbox (no-op in live mode). */
  close(): Promise<void>;
}

export interface StartProviderOptions {
  env: Env;
  /** Absolute data directory (sandbox state and its generated webhook secret live under it). */
  dataDir: string;
  /** The app's public origin, e.g. http://127.0.0.1:3000. */
  publicUrl: string;
  /** The provider call log's hook (provider-call-log.ts), called once per call; must not throw. */
  onCallEnd?: (info: CallEndInfo) => void;
}

/** Thrown for incomplete live credentials; the message names every missing variable and never a value. */
export class ProviderConfigError extends Error {
  override name = "ProviderConfigError";
}

/**
 * The live settings from the environment: with MP_ACCESS_TOKEN set, MP_PUBLIC_KEY
 * (browser tokenization) and MP_WEBHOOK_SECRET (signature checks) are required
 * too. Returns null when there is no access token (sandbox mode).
 */
export function resolveLiveProviderSettings(env: Env): (ProviderSettings & { accessToken: string }) | null {
  if (!env.MP_ACCESS_TOKEN) return null;
  const missing = [
    env.MP_PUBLIC_KEY ? null : "MP_PUBLIC_KEY",
    env.MP_WEBHOOK_SECRET ? null : "MP_WEBHOOK_SECRET",
  ].filter((name): name is string => name !== null);
  if (missing.length > 0 || !env.MP_PUBLIC_KEY || !env.MP_WEBHOOK_SECRET) {
    throw new ProviderConfigError(
      `MP_ACCESS_TOKEN is set, so Cobro talks to the real Mercado Pago, but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing. Set ${missing.join(" and ")}, or unset MP_ACCESS_TOKEN to use the embedded sandbox.`,
    );
  }
  return {
    mode: "live",
    apiUrl: (env.MP_API_URL ?? DEFAULT_PROVIDER_API_URL).replace(/\/+$/, ""),
    publicKey: env.MP_PUBLIC_KEY,
    webhookSecret: env.MP_WEBHOOK_SECRET,
    accessToken: env.MP_ACCESS_TOKEN,
  };
}

/**
 * Reads a secret kept in a file, creating it (32 random bytes, hex, mode 0600)
 * the first time, so the sandbox signs webhooks with the same secret across
 * restarts without anyone configuring one.
 */
export async function loadOrCreateSecretFile(path: string): Promise<string> {
  try {
    const existing = (await readFile(path, "utf8")).trim();
    if (existing !== "") return existing;
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
  }
  const secret = randomBytes(32).toString("hex");
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Starts the provider side: the live client, or the embedded sandbox (state
 * kept under `<dataDir>/sandbox`, notifications sent to this app's webhook
 * route, the sandbox's default seller's credentials) and a client pointed at it.
 */
export async function startProvider(options: StartProviderOptions): Promise<ProviderRuntime> {
  const live = resolveLiveProviderSettings(options.env);
  if (live) {
    const { accessToken, ...settings } = live;
    return {
      provider: createProviderClient({ accessToken, baseUrl: settings.apiUrl, onCallEnd: options.onCallEnd }),
      settings,
      sandbox: null,
      close: async () => {},
    };
  }
  const [webhookSecret, { createSandbox }] = await Promise.all([
    loadOrCreateSecretFile(join(options.dataDir, "sandbox-webhook-secret")),
    import("mercadopago-sandbox"),
  ]);
  const sandbox = await createSandbox({
    port: options.env.SANDBOX_PORT,
    host: "127.0.0.1",
    webhookSecret,
    dataDir: join(options.dataDir, "sandbox"),
    defaultNotificationUrl: `${options.publicUrl}${WEBHOOK_PATH}`,
  });
  const seller = sandbox.control.defaultSeller;
  return {
    provider: createProviderClient({
      accessToken: seller.accessToken,
      baseUrl: sandbox.url,
      onCallEnd: options.onCallEnd,
    }),
    settings: { mode: "sandbox", apiUrl: sandbox.url, publicKey: seller.publicKey, webhookSecret },
    sandbox,
    close: () => sandbox.close(),
  };
}

/** docs/provider-facts.md §5: what to type at checkout in sandbox mode (MLA cards; any test card works). */
export const SANDBOX_TEST_CARD_HINTS = [
  "Test cards (CVV 123, expiry 11/30): Visa 4509 9535 6623 3704, Mastercard 5031 7557 3453 0604, Amex 3711 803032 57522 (CVV 1234)",
  "Cardholder name decides the outcome: APRO approved, CONT pending, OTHE rejected, FUND insufficient funds, SECU bad security code",
] as const;
