// Who is calling. Provider paths need `Authorization: Bearer <token>`; tokens
// shaped like the provider's (`TEST-…`, `APP_USR-…`) are accepted and a token
// seen for the first time becomes a new seller, so every token sees only its own
// data. The spec's `security` decides what is public (`{}`) and where a public
// key may stand in for a token (`public_key` query on card tokens).

import type { Context, MiddlewareHandler } from "hono";
import type { SandboxEnv, Seller, StateStore } from "../context";
import { applicationIdFromAccessToken, ownApplicationId } from "./credentials";
import { classicError, isOrdersPath, ordersError, type SandboxHttpError } from "./errors";
import type { SpecIndex } from "./spec";

export interface AuthOptions {
  store: StateStore;
  /** The spec's operations; paths it does not describe need a bearer token unless `isPublicPath` says otherwise. */
  index: SpecIndex | null;
  /** Non-provider pages and the control API: a token is read when sent, never required. */
  isPublicPath: (path: string) => boolean;
}

/** provider: the token exchange authenticates with client credentials in the body, not a bearer token. */
const PUBLIC_OPERATIONS = new Set(["POST /oauth/token"]);

/**
 * provider: MercadoPago.js calls these from the browser with `?public_key=`:
 * card tokenization, and the SDK's lookups (identification types, the card's
 * payment method, issuers and installments by BIN).
 */
const PUBLIC_KEY_PATHS = new Set([
  "/v1/card_tokens",
  "/v1/identification_types",
  "/v1/payment_methods/search",
  "/v1/payment_methods/card_issuers",
  "/v1/payment_methods/installments",
]);

/**
 * The provider's 401: classic shape with cause 2001 "invalid access token"; on
 * Orders paths the Orders shape, as the spec describes every Orders error.
 */
export function unauthorized(path: string, description = "invalid access token"): SandboxHttpError {
  if (isOrdersPath(path)) return ordersError(401, "unauthorized", "invalid_token", { details: [description] });
  return classicError(401, "invalid_token", {
    error: "unauthorized",
    cause: [{ code: 2001, description, data: null }],
  });
}

function bearerToken(c: Context<SandboxEnv>): string | null {
  const header = c.req.header("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

function authenticate(c: Context<SandboxEnv>, seller: Seller, kind: "bearer" | "public_key", token?: string): void {
  c.set("seller", seller);
  c.set("authKind", kind);
  c.set("applicationId", (token ? applicationIdFromAccessToken(token) : null) ?? ownApplicationId(seller));
}

/** Sets `seller` and `authKind`, or answers 401 in the provider's shape. */
export function createAuthMiddleware(options: AuthOptions): MiddlewareHandler<SandboxEnv> {
  const { store, index } = options;

  const optionalBearer = (c: Context<SandboxEnv>): void => {
    const token = bearerToken(c);
    const seller = token ? store.sellerForAccessToken(token) : undefined;
    if (seller && token) authenticate(c, seller, "bearer", token);
  };

  return async (c, next) => {
    const path = c.req.path;
    const method = c.req.method.toUpperCase();
    if (options.isPublicPath(path)) {
      optionalBearer(c);
      return next();
    }
    const security = index?.find(method, path)?.operation.security ?? null;
    if (security?.public || PUBLIC_OPERATIONS.has(`${method} ${path.replace(/\/$/, "")}`)) {
      optionalBearer(c);
      return next();
    }

    const token = bearerToken(c);
    const publicKeyParam =
      security?.publicKeyQuery ?? (PUBLIC_KEY_PATHS.has(path.replace(/\/$/, "")) ? "public_key" : null);
    const publicKey = publicKeyParam ? c.req.query(publicKeyParam) : undefined;
    if (!token && publicKey) {
      const seller = store.sellerForPublicKey(publicKey);
      if (!seller) {
        throw classicError(401, "invalid public_key", {
          error: "unauthorized",
          cause: [{ code: "invalid_public_key", description: "public_key not found", data: publicKey }],
        });
      }
      authenticate(c, seller, "public_key");
      return next();
    }

    if (!token) throw unauthorized(path, "access token missing: send Authorization: Bearer <access token>");
    const seller = store.sellerForAccessToken(token);
    if (!seller) throw unauthorized(path);
    authenticate(c, seller, "bearer", token);
    return next();
  };
}
