// OAuth for connected sellers (docs/provider-facts.md §4.10): the consent page at
// `/authorization` (public), the token endpoint `POST /oauth/token` (client
// credentials in the body, no bearer) and the sandbox's registry of apps
// (`/__sandbox/oauth/apps`). Authorizing creates a new test seller whose token
// works on every provider path and sees only its own data.

import { createHash, randomBytes } from "node:crypto";
import type { Context } from "hono";
import { renderAuthorizationPage } from "../checkout/authorization-page";
import { messagePage } from "../checkout/checkout-pages";
import { htmlPage } from "../checkout/html";
import type { RegisterRoutes, SandboxContext, SandboxEnv, SiteId } from "../context";
import { generateCredentials, isSiteId } from "../core/credentials";
import { classicError, type SandboxHttpError } from "../core/errors";
import type { Schemas } from "../schemas";

/** An application that may ask sellers for access (a "platform"). */
export interface OAuthApp {
  client_id: string;
  client_secret: string;
  name: string;
  /** Allowed redirect URIs; empty allows any http(s) URI (convenient in development). */
  redirect_uris: string[];
}

/** The app every sandbox has (documented in the README; safe to hard-code in dev configs and tests). */
export const DEFAULT_OAUTH_APP: Readonly<OAuthApp> = Object.freeze({
  client_id: "8000000000000001",
  client_secret: "sandbox-client-secret",
  name: "Cobro Sandbox App",
  redirect_uris: [],
});

/** provider: authorization codes are valid for 10 minutes. */
export const AUTHORIZATION_CODE_TTL_MS = 10 * 60_000;
/** provider: access tokens live 180 days (15552000 s; older docs say 15768000). */
export const ACCESS_TOKEN_EXPIRES_IN = 15_552_000;
const SCOPE = "offline_access read write";

const APPS = "oauth_apps";
const CODES = "oauth_codes";
const GRANTS = "oauth_refresh_tokens";

interface AuthorizationCode {
  code: string;
  clientId: string;
  redirectUri: string;
  siteId: SiteId;
  expiresAt: string;
  used: boolean;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
}

/** A live refresh token and what it renews. */
interface RefreshGrant {
  refreshToken: string;
  clientId: string;
  userId: number;
  accessToken: string;
}

function apps(ctx: SandboxContext) {
  return ctx.store.global<OAuthApp>(APPS);
}

/** A registered app by client id (the default app always exists). */
export function findOAuthApp(ctx: SandboxContext, clientId: string): OAuthApp | undefined {
  if (clientId === DEFAULT_OAUTH_APP.client_id) return { ...DEFAULT_OAUTH_APP, redirect_uris: [] };
  return apps(ctx).get(clientId);
}

function randomDigits(count: number): string {
  let out = String(1 + ((randomBytes(1)[0] ?? 0) % 9));
  while (out.length < count) out += String((randomBytes(1)[0] ?? 0) % 10);
  return out;
}

/**
 * Registers an app for the OAuth flow; missing ids and secrets are generated.
 * Throws a 400 for malformed input and a 409 when the client id is taken.
 */
export function registerOAuthApp(ctx: SandboxContext, input: Partial<OAuthApp>): OAuthApp {
  const fail = (message: string) =>
    classicError(400, message, { cause: [{ code: "bad_request", description: message, data: null }] });
  if (input.name !== undefined && (typeof input.name !== "string" || input.name.trim() === ""))
    throw fail("name must be a non-empty string");
  if (input.client_id !== undefined && (typeof input.client_id !== "string" || !/^\d{6,20}$/.test(input.client_id))) {
    throw fail("client_id must be 6 to 20 digits");
  }
  if (
    input.client_secret !== undefined &&
    (typeof input.client_secret !== "string" || input.client_secret.length < 8)
  ) {
    throw fail("client_secret must be a string of at least 8 characters");
  }
  const uris = input.redirect_uris ?? [];
  if (!Array.isArray(uris) || !uris.every((u) => typeof u === "string" && isHttpUrl(u))) {
    throw fail("redirect_uris must be a list of http(s) URLs");
  }
  const clientId = input.client_id ?? randomDigits(16);
  if (findOAuthApp(ctx, clientId)) {
    throw classicError(409, `client_id ${clientId} is already registered`, {
      cause: [{ code: "conflict", description: `client_id ${clientId} is already registered`, data: clientId }],
    });
  }
  const app: OAuthApp = {
    client_id: clientId,
    client_secret: input.client_secret ?? randomBytes(16).toString("hex"),
    name: input.name?.trim() ?? `Sandbox app ${clientId}`,
    redirect_uris: [...uris],
  };
  return apps(ctx).put(clientId, app);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** Checks the app and redirect URI of an authorization request; an error message when they are not acceptable. */
function checkAuthorizationRequest(
  ctx: SandboxContext,
  clientId: string | null,
  redirectUri: string | null,
): { ok: true; app: OAuthApp; redirectUri: string } | { ok: false; message: string } {
  if (!clientId) return { ok: false, message: "The link has no client_id." };
  const app = findOAuthApp(ctx, clientId);
  if (!app)
    return {
      ok: false,
      message: `No application has client_id ${clientId}. Register it with POST /__sandbox/oauth/apps.`,
    };
  if (!redirectUri || !isHttpUrl(redirectUri))
    return { ok: false, message: "The link's redirect_uri must be an http(s) URL." };
  if (app.redirect_uris.length > 0 && !app.redirect_uris.includes(redirectUri)) {
    return { ok: false, message: `redirect_uri ${redirectUri} is not registered for ${app.name}.` };
  }
  return { ok: true, app, redirectUri };
}

function withParams(base: string, params: Record<string, string | null>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return url.toString();
}

function errorPage(c: Context<SandboxEnv>, message: string): Response {
  return messagePage(c, 400, { title: "Cannot connect the application", message });
}

/**
 * Issues a single-use authorization code (10 minutes, sandbox clock) for a
 * consented request. The seller is created when the code is exchanged.
 */
export function issueAuthorizationCode(
  ctx: SandboxContext,
  input: {
    clientId: string;
    redirectUri: string;
    siteId: SiteId;
    codeChallenge: string | null;
    codeChallengeMethod: string | null;
  },
): string {
  const codes = ctx.store.global<AuthorizationCode>(CODES);
  // Forget codes that can no longer be exchanged, so the persisted state does not grow forever.
  const now = ctx.clock.now().getTime();
  for (const old of codes.list()) if (Date.parse(old.expiresAt) < now) codes.delete(old.code);
  const code = `TG-${randomBytes(12).toString("hex")}-${ctx.store.nextId("oauth_code", 1_000_001)}`;
  codes.put(code, {
    code,
    clientId: input.clientId,
    redirectUri: input.redirectUri,
    siteId: input.siteId,
    expiresAt: new Date(ctx.clock.now().getTime() + AUTHORIZATION_CODE_TTL_MS).toISOString(),
    used: false,
    codeChallenge: input.codeChallenge,
    codeChallengeMethod: input.codeChallengeMethod,
  });
  return code;
}

function invalidGrant(description: string): SandboxHttpError {
  return classicError(400, description, {
    error: "invalid_grant",
    cause: [{ code: "invalid_grant", description, data: null }],
  });
}

function base64Url(buffer: Buffer): string {
  return buffer.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** provider: PKCE — the verifier must hash (S256) or equal (plain) the challenge of the authorization URL. */
function verifierMatches(code: AuthorizationCode, verifier: string | undefined): boolean {
  if (!code.codeChallenge) return true;
  if (!verifier) return false;
  if ((code.codeChallengeMethod ?? "plain").toUpperCase() === "S256") {
    return base64Url(createHash("sha256").update(verifier).digest()) === code.codeChallenge;
  }
  return verifier === code.codeChallenge;
}

type TokenRequest = Schemas["OAuthTokenRequest"] & { code_verifier?: string };

/**
 * The token endpoint's work: `authorization_code` exchanges a code (single
 * use, 10 minutes, same client and redirect_uri) for a new seller's tokens;
 * `refresh_token` rotates the tokens (the old refresh token stops working).
 * Errors are classic: 401 `invalid_client` (unknown client or wrong secret), 400 `invalid_grant`.
 */
export function exchangeOAuthToken(ctx: SandboxContext, body: TokenRequest): Schemas["OAuthToken"] {
  const app = findOAuthApp(ctx, body.client_id);
  // OAuth 2.0 (RFC 6749 §5.2): failed client authentication is a 401 `invalid_client`, unlike grant errors (400).
  if (!app || app.client_secret !== body.client_secret) {
    throw classicError(401, "invalid client_id or client_secret", {
      error: "invalid_client",
      cause: [{ code: "invalid_client", description: "invalid client_id or client_secret", data: null }],
    });
  }
  const grants = ctx.store.global<RefreshGrant>(GRANTS);

  if (body.grant_type === "authorization_code") {
    const codes = ctx.store.global<AuthorizationCode>(CODES);
    const code = codes.get(body.code);
    if (!code || code.clientId !== app.client_id) throw invalidGrant("invalid authorization code");
    if (code.used) throw invalidGrant("authorization code already used");
    if (ctx.clock.now().getTime() > Date.parse(code.expiresAt)) throw invalidGrant("authorization code expired");
    if (code.redirectUri !== body.redirect_uri)
      throw invalidGrant("redirect_uri does not match the one of the authorization request");
    if (!verifierMatches(code, body.code_verifier))
      throw invalidGrant("code_verifier does not match the code_challenge");
    codes.put(code.code, { ...code, used: true });
    // A form-encoded exchange carries "true" as text.
    const rawTestToken: unknown = body.test_token;
    const testToken = rawTestToken === true || rawTestToken === "true";
    const created = ctx.store.createSeller({
      siteId: code.siteId,
      tokenPrefix: testToken ? "TEST" : "APP_USR",
      applicationId: app.client_id,
    });
    grants.put(created.refreshToken, {
      refreshToken: created.refreshToken,
      clientId: app.client_id,
      userId: created.seller.userId,
      accessToken: created.accessToken,
    });
    return tokenResponse(created.accessToken, created.refreshToken, created.seller.userId, created.seller.publicKey);
  }

  const grant = grants.get(body.refresh_token);
  if (!grant || grant.clientId !== app.client_id) throw invalidGrant("invalid refresh_token");
  const seller = ctx.store.sellerByUserId(grant.userId);
  if (!seller) throw invalidGrant("invalid refresh_token");
  const prefix = grant.accessToken.startsWith("TEST-") ? "TEST" : "APP_USR";
  const fresh = generateCredentials(seller.userId, prefix, app.client_id);
  ctx.store.bindAccessToken(fresh.accessToken, seller.userId);
  // provider: refreshing rotates the refresh token; the old one is refused from now on.
  grants.delete(grant.refreshToken);
  grants.put(fresh.refreshToken, { ...grant, refreshToken: fresh.refreshToken, accessToken: fresh.accessToken });
  return tokenResponse(fresh.accessToken, fresh.refreshToken, seller.userId, seller.publicKey);
}

/**
 * The seller removes an application from their account: every refresh token the app holds for them is dropped
 * and the access tokens it issued stop working. Later refreshes get 400 `invalid_grant`. Returns how many grants
 * ended.
 */
export function revokeOAuthAccess(ctx: SandboxContext, input: { userId: number; clientId?: string }): number {
  const grants = ctx.store.global<RefreshGrant>(GRANTS);
  let revoked = 0;
  for (const grant of grants.list()) {
    if (grant.userId !== input.userId) continue;
    if (input.clientId !== undefined && grant.clientId !== input.clientId) continue;
    grants.delete(grant.refreshToken);
    ctx.store.revokeAccessToken(grant.accessToken);
    revoked += 1;
  }
  return revoked;
}

function tokenResponse(
  accessToken: string,
  refreshToken: string,
  userId: number,
  publicKey: string,
): Schemas["OAuthToken"] {
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_EXPIRES_IN,
    scope: SCOPE,
    user_id: userId,
    refresh_token: refreshToken,
    public_key: publicKey,
    live_mode: false,
  };
}

/** Routes of the `oauth` group: consent page, token endpoint and the app registry of the control API. */
export const registerOauthRoutes: RegisterRoutes = (app, ctx) => {
  app.get("/authorization", (c) => {
    const q = c.req.query();
    const checked = checkAuthorizationRequest(ctx, text(q.client_id), text(q.redirect_uri));
    if (!checked.ok) return errorPage(c, checked.message);
    if ((q.response_type ?? "code") !== "code") {
      return c.redirect(
        withParams(checked.redirectUri, { error: "unsupported_response_type", state: text(q.state) }),
        302,
      );
    }
    return htmlPage(
      c,
      renderAuthorizationPage({
        appName: checked.app.name,
        clientId: checked.app.client_id,
        redirectUri: checked.redirectUri,
        state: text(q.state),
        codeChallenge: text(q.code_challenge),
        codeChallengeMethod: text(q.code_challenge_method),
        defaultSiteId: ctx.config.defaultSiteId,
      }),
    );
  });

  app.post("/authorization", (c) => {
    const form = (c.get("jsonBody") ?? {}) as Record<string, unknown>;
    const checked = checkAuthorizationRequest(ctx, text(form.client_id), text(form.redirect_uri));
    if (!checked.ok) return errorPage(c, checked.message);
    const state = text(form.state);
    if (form.decision !== "authorize") {
      return c.redirect(
        withParams(checked.redirectUri, {
          error: "access_denied",
          error_description: "the seller denied access",
          state,
        }),
        302,
      );
    }
    const siteId = isSiteId(form.site_id) ? form.site_id : ctx.config.defaultSiteId;
    const code = issueAuthorizationCode(ctx, {
      clientId: checked.app.client_id,
      redirectUri: checked.redirectUri,
      siteId,
      codeChallenge: text(form.code_challenge),
      codeChallengeMethod: text(form.code_challenge_method),
    });
    return c.redirect(withParams(checked.redirectUri, { code, state }), 302);
  });

  app.post("/oauth/token", (c) => c.json(exchangeOAuthToken(ctx, c.get("jsonBody") as TokenRequest)));

  app.post("/__sandbox/oauth/revoke", (c) => {
    const body = (c.get("jsonBody") ?? {}) as Record<string, unknown>;
    const userId = typeof body.user_id === "number" ? body.user_id : Number(body.user_id);
    if (!Number.isSafeInteger(userId) || userId <= 0) {
      throw classicError(400, "user_id must be a seller's user id", {
        cause: [{ code: "bad_request", description: "user_id must be a seller's user id", data: null }],
      });
    }
    const clientId = typeof body.client_id === "string" && body.client_id !== "" ? body.client_id : undefined;
    return c.json({ revoked: revokeOAuthAccess(ctx, { userId, ...(clientId ? { clientId } : {}) }) });
  });

  app.get("/__sandbox/oauth/apps", (c) => c.json({ apps: [{ ...DEFAULT_OAUTH_APP }, ...apps(ctx).list()] }));
  app.post("/__sandbox/oauth/apps", (c) => {
    const body = c.get("jsonBody");
    const input = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Partial<OAuthApp>) : {};
    return c.json(registerOAuthApp(ctx, input), 201);
  });
};
