import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type { OAuthToken, OAuthTokenRequest, ProviderHttpClient } from "./types";

/** provider: sellers authorize applications on this host; country hosts (`auth.mercadopago.com.br`, …) also work. */
export const DEFAULT_AUTHORIZATION_BASE_URL = "https://auth.mercadopago.com";

/** Input of `oauth.exchangeCode`. */
export interface ExchangeCodeInput {
  /** Your application's id. */
  clientId: string;
  clientSecret: string;
  /** The `code` (`TG-…`) the redirect delivered. provider: valid 10 minutes, single use. */
  code: string;
  /** Must equal the `redirect_uri` of the authorization URL (else 400 `invalid_grant`). */
  redirectUri: string;
  /** The PKCE verifier, when the authorization URL carried a `code_challenge`. */
  codeVerifier?: string;
  /** `true` asks for test (sandbox) credentials. */
  testToken?: boolean;
}

/** Input of `oauth.refreshToken`. */
export interface RefreshTokenInput {
  clientId: string;
  clientSecret: string;
  /** The refresh token from the last exchange or refresh. */
  refreshToken: string;
}

/** Input of `oauth.authorizationUrl`. */
export interface AuthorizationUrlInput {
  /** Your application's id. */
  clientId: string;
  /** Where the provider sends the seller back with `?code=…&state=…`. */
  redirectUri: string;
  /** An unguessable value tied to the seller's session, checked on the way back (CSRF). */
  state: string;
  /** PKCE challenge (base64url SHA-256 of the verifier); adds `code_challenge_method=S256`. */
  codeChallenge?: string;
  /**
   * Origin serving `/authorization`. Default `https://auth.mercadopago.com`; a country host, or the local sandbox.
   * A value that already ends with `/authorization` is used as is.
   */
  authorizationBaseUrl?: string;
}

function authorizationEndpoint(base: string): string {
  const trimmed = base.replace(/\/+$/, "");
  return trimmed.endsWith("/authorization") ? trimmed : `${trimmed}/authorization`;
}

/**
 * Builds the URL that sends a seller to authorize your application. No HTTP call. Parameters are encoded with
 * `URLSearchParams` (space → `+`) in the order the official SDK uses: `client_id`, `redirect_uri`, `state`, then
 * `response_type=code` and `platform_id=mp`.
 *
 * @example
 * buildAuthorizationUrl({ clientId: "123", redirectUri: "https://a.b/c", state: "s t" });
 * // https://auth.mercadopago.com/authorization?client_id=123&redirect_uri=https%3A%2F%2Fa.b%2Fc&state=s+t&response_type=code&platform_id=mp
 */
export function buildAuthorizationUrl(input: AuthorizationUrlInput): string {
  const endpoint = new URL(authorizationEndpoint(input.authorizationBaseUrl ?? DEFAULT_AUTHORIZATION_BASE_URL));
  const params = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    state: input.state,
  });
  if (input.codeChallenge !== undefined) {
    params.set("code_challenge", input.codeChallenge);
    params.set("code_challenge_method", "S256");
  }
  params.set("response_type", "code");
  params.set("platform_id", "mp");
  endpoint.search = params.toString();
  return endpoint.toString();
}

/**
 * OAuth for marketplaces (`/oauth/token` and the authorization URL): connect a seller, then act for them with the
 * per-call `accessToken` option.
 *
 * @example
 * const url = mp.oauth.authorizationUrl({ clientId, redirectUri, state });
 * const token = await mp.oauth.exchangeCode({ clientId, clientSecret, code, redirectUri });
 */
export function createOAuthResource(http: ProviderHttpClient) {
  function requestToken(body: OAuthTokenRequest, options?: ProviderRequestOptions): Promise<OAuthToken> {
    return unwrap(http.POST("/oauth/token", { body, ...toFetchOptions(options) }));
  }

  return {
    /** Exchanges an authorization `code` for the seller's tokens (`grant_type: "authorization_code"`). */
    exchangeCode(input: ExchangeCodeInput, options?: ProviderRequestOptions): Promise<OAuthToken> {
      const body: OAuthTokenRequest = {
        grant_type: "authorization_code",
        client_id: input.clientId,
        client_secret: input.clientSecret,
        code: input.code,
        redirect_uri: input.redirectUri,
      };
      if (input.codeVerifier !== undefined) body.code_verifier = input.codeVerifier;
      if (input.testToken !== undefined) body.test_token = input.testToken;
      return requestToken(body, options);
    },

    /**
     * Renews a seller's tokens (`grant_type: "refresh_token"`). provider: the answer carries a new refresh token
     * too; store it, the old one stops working.
     */
    refreshToken(input: RefreshTokenInput, options?: ProviderRequestOptions): Promise<OAuthToken> {
      return requestToken(
        {
          grant_type: "refresh_token",
          client_id: input.clientId,
          client_secret: input.clientSecret,
          refresh_token: input.refreshToken,
        },
        options,
      );
    },

    /** Builds the seller authorization URL (no HTTP); see `buildAuthorizationUrl`. */
    authorizationUrl(input: AuthorizationUrlInput): string {
      return buildAuthorizationUrl(input);
    },
  };
}

/** The `oauth` resource of the provider client. */
export type OAuthResource = ReturnType<typeof createOAuthResource>;
