// The server's whole configuration, read and validated in one place. Nothing
// else reads process.env. Secrets are kept here and handed to the code that
// needs them; they are never logged or sent to the browser.
import { z } from "zod";
import { parseTrustProxy } from "./http/trust-proxy";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** `addr@example.com` or `Display Name <addr@example.com>`. */
const mailFromSchema = z
  .string()
  .trim()
  .refine((value) => {
    const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
    const address = match?.[1] ?? match?.[2];
    return address !== undefined && z.email().safeParse(address).success;
  }, "must be an address (shop@example.com) or a name and an address (Shop <shop@example.com>)");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** pino level (fatal, error, warn, info, debug, trace, silent); default info. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Log format: "pretty" (readable, the default in development) or "json" (JSON lines, the default in production). */
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Time a client has to send a request's headers, in ms (slow clients are cut off with 408). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Time a client has to send a whole request (headers and body), in ms. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Public origin of the app, e.g. https://shop.example.com (defaults to http://HOST:PORT). */
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** An external PostgreSQL; without it an embedded PostgreSQL is started under DATA_DIR. */
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default(".data"),
  /** Port of the embedded PostgreSQL (0 = pick a free one). */
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Mercado Pago credentials; without an access token the embedded sandbox plays the provider. */
  MP_ACCESS_TOKEN: optionalString,
  MP_PUBLIC_KEY: optionalString,
  MP_WEBHOOK_SECRET: optionalString,
  /**
   * The OAuth application that connects seller accounts (marketplace mode). Unset in sandbox mode: the sandbox's
   * built-in app (SANDBOX_OAUTH_CLIENT_ID). Unset in live mode: connecting sellers is unavailable.
   */
  MP_CLIENT_ID: optionalString,
  MP_CLIENT_SECRET: optionalString,
  /**
   * Where sellers authorize the OAuth application (default https://auth.mercadopago.com; a country host such as
   * https://auth.mercadopago.com.br also works). In sandbox mode the sandbox's own consent page is used.
   */
  MP_OAUTH_AUTHORIZATION_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  MP_API_URL: optionalString.pipe(z.url().optional()),
  /**
   * Live mode only: the provider's browser SDK script (default https://sdk.mercadopago.com/js/v2); its origin is
   * the only extra script-src of the CSP. In sandbox mode the sandbox serves the SDK and this is ignored.
   */
  MP_SDK_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Live mode only: space- or comma-separated origins the SDK's secure-field frames come from (CSP frame-src;
   * default https://secure-fields.mercadopago.com https://api-static.mercadopago.com).
   */
  MP_SDK_FRAME_ORIGINS: optionalString.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const origins: string[] = [];
    for (const part of value.split(/[\s,]+/).filter(Boolean)) {
      let url: URL | null = null;
      try {
        url = new URL(part);
      } catch {
        url = null;
      }
      // An origin, never a wildcard or a path: the CSP must name exactly the frames' hosts.
      if (
        !url ||
        part.includes("*") ||
        (url.protocol !== "https:" && url.protocol !== "http:") ||
        url.origin !== part.replace(/\/+$/, "")
      ) {
        ctx.addIssue({
          code: "custom",
          message: `MP_SDK_FRAME_ORIGINS: "${part}" is not an origin (https://host[:port])`,
        });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    if (origins.length === 0) {
      ctx.addIssue({ code: "custom", message: "MP_SDK_FRAME_ORIGINS names no origin" });
      return z.NEVER;
    }
    return origins;
  }),
  /** Port of the embedded sandbox (0 = pick a free one). */
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** 32-byte key (base64 or hex) for AES-256-GCM encryption of OAuth tokens at rest. */
  TOKEN_ENCRYPTION_KEY: optionalString,
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  /**
   * Where e-mail is sent: an SMTP URL (smtp://user:pass@host:587, smtps://user:pass@host:465). Without it, in
   * sandbox mode, a local mail catcher (MailDev) receives every message and `npm start` prints its inbox URL.
   */
  SMTP_URL: optionalString.pipe(
    z
      .url()
      .refine((value) => /^smtps?:\/\//.test(value), "must start with smtp:// or smtps://")
      .optional(),
  ),
  /** The sender of every e-mail; required with SMTP_URL. */
  MAIL_FROM: optionalString.pipe(mailFromSchema.optional()),
  /** Ports of the local mail catcher's SMTP server and inbox (0 = pick free ones); unused with SMTP_URL. */
  MAIL_CATCHER_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  MAIL_CATCHER_WEB_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  ADMIN_PASSWORD: optionalString,
  /**
   * Which proxies' X-Forwarded-For to believe when finding the client's address (http/client-ip.ts). Unset: none,
   * the socket's address is the client. A number n: the last n hops are our proxies. Otherwise a comma-separated
   * list of proxy addresses, CIDR ranges, or the words loopback, linklocal, uniquelocal.
   */
  TRUST_PROXY: optionalString.pipe(z.string().optional()).transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if (typeof parsed === "string") {
      ctx.addIssue({ code: "custom", message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
});

/** Rules between variables. */
const validatedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.SMTP_URL && !env.MAIL_FROM) {
    ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "is required when SMTP_URL is set" });
  }
});

/** The sandbox's built-in OAuth application (its README documents it; not a secret). */
export const SANDBOX_OAUTH_CLIENT_ID = "8000000000000001";
export const SANDBOX_OAUTH_CLIENT_SECRET = "sandbox-client-secret";

/** The sender on embedded defaults (the mail catcher accepts any). */
export const DEFAULT_MAIL_FROM = "Cobro <no-reply@cobro.localhost>";

export type Env = z.infer<typeof envSchema>;

/** Parses and validates the environment; throws an error that names every bad variable (never their values). */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = validatedEnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  return result.data;
}
