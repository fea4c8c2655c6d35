// The console's Accounts area (/admin/account): the provider account Cobro charges with, and seller accounts
// connected by OAuth (marketplace mode). Tokens never appear here: the browser sees only what an admin needs to
// judge a connection (who, until when, what went wrong).
import { z } from "zod";

/** How the account Cobro charges with takes payments: the embedded sandbox, a provider test account, or live. */
export const CHARGING_ACCOUNT_MODES = ["sandbox", "test", "live"] as const;
export type ChargingAccountMode = (typeof CHARGING_ACCOUNT_MODES)[number];

/** `GET /users/me` of the store's own credentials, as the console shows it. */
export const chargingAccountSchema = z.object({
  userId: z.number().int(),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  siteId: z.string().nullable(),
  countryId: z.string().nullable(),
  mode: z.enum(CHARGING_ACCOUNT_MODES),
});
export type ChargingAccount = z.infer<typeof chargingAccountSchema>;

export const CONNECTED_ACCOUNT_STATUSES = ["active", "revoked", "disconnected"] as const;
export type ConnectedAccountStatus = (typeof CONNECTED_ACCOUNT_STATUSES)[number];

/**
 * Why a connection's last refresh failed, or why it ended (`admin.account.error.<code>` in the dictionaries):
 * `refresh_refused` the provider refused the refresh token (the seller revoked access, or it was already used);
 * `client_refused` the provider refused our application's credentials; `provider_unavailable` no answer;
 * `disconnected` an admin disconnected it; `deauthorized` the seller removed Cobro's access in Mercado Pago (the
 * `mp-connect` notification, confirmed by the provider refusing the account's token).
 */
export const CONNECTION_ERROR_CODES = [
  "refresh_refused",
  "client_refused",
  "provider_unavailable",
  "disconnected",
  "deauthorized",
] as const;
export type ConnectionErrorCode = (typeof CONNECTION_ERROR_CODES)[number];

export const connectedAccountSchema = z.object({
  id: z.uuid(),
  providerUserId: z.number().int(),
  nickname: z.string().nullable(),
  siteId: z.string().nullable(),
  status: z.enum(CONNECTED_ACCOUNT_STATUSES),
  liveMode: z.boolean(),
  scope: z.string().nullable(),
  connectedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  lastRefreshedAt: z.iso.datetime().nullable(),
  lastError: z.enum(CONNECTION_ERROR_CODES).nullable(),
  lastErrorAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  endedReason: z.enum(CONNECTION_ERROR_CODES).nullable(),
});
export type ConnectedAccount = z.infer<typeof connectedAccountSchema>;

export const connectedAccountListSchema = z.object({
  items: z.array(connectedAccountSchema),
  /** False in live mode without MP_CLIENT_ID / MP_CLIENT_SECRET: the Connect button is hidden. */
  oauthAvailable: z.boolean(),
});

export const connectedAccountIdInputSchema = z.object({ accountId: z.uuid("Invalid account id") });

export const startConnectionOutputSchema = z.object({
  /** The provider's authorization page, with a fresh single-use `state`. */
  authorizationUrl: z.url(),
  expiresAt: z.iso.datetime(),
});

/**
 * What the OAuth callback tells the Accounts page (`?oauthError=<code>`), each with a sentence in the dictionaries
 * (`admin.account.callback.<code>`).
 */
export const OAUTH_CALLBACK_ERRORS = [
  "state_invalid",
  "state_other_session",
  "state_used",
  "state_expired",
  "access_denied",
  "code_refused",
  "client_refused",
  "provider_unavailable",
  "not_configured",
  "forbidden",
] as const;
export type OAuthCallbackError = (typeof OAUTH_CALLBACK_ERRORS)[number];

/** The route the provider sends the admin back to (registered as the OAuth app's redirect URL). */
export const OAUTH_CALLBACK_PATH = "/api/admin/account/oauth/callback";

/**
 * The one account filter every console list shares: `own` (the store's own account) or a connection's id. In the
 * URL as `account=<value>`.
 */
export const ACCOUNT_FILTER_OWN = "own";
export const accountFilterSchema = z.union([z.literal(ACCOUNT_FILTER_OWN), z.uuid("Invalid account")]);
export type AccountFilter = z.infer<typeof accountFilterSchema>;

/** A connection as the lists' account filter and account labels show it (any staff role may read these). */
export const accountOptionSchema = z.object({
  id: z.uuid(),
  providerUserId: z.number().int(),
  nickname: z.string().nullable(),
  status: z.enum(CONNECTED_ACCOUNT_STATUSES),
});
export type AccountOption = z.infer<typeof accountOptionSchema>;

/** The last time the system (not an admin) moved the charging account back to the store's own, and why. */
export const chargingFallbackSchema = z.object({
  at: z.iso.datetime(),
  fromAccountId: z.uuid(),
  reason: z.enum(CONNECTION_ERROR_CODES),
});

/** Which account new charges are made on: null is the store's own account, else an active connection's id. */
export const chargingSettingSchema = z.object({
  accountId: z.uuid().nullable(),
  updatedAt: z.iso.datetime().nullable(),
  /** Set when the last change was the system's fallback after the provider revoked the charging connection. */
  fallback: chargingFallbackSchema.nullable(),
});
export type ChargingSetting = z.infer<typeof chargingSettingSchema>;

export const setChargingAccountInputSchema = z.object({
  /** null: charge on the store's own account. */
  accountId: z.uuid("Invalid account").nullable(),
});
