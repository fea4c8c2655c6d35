import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type { ProviderHttpClient, User } from "./types";

/**
 * The account that owns the access token (`/users/me`): id, site, e-mail. Handy to check a token, or with a
 * per-call `accessToken` to learn which seller an OAuth token belongs to.
 *
 * @example
 * const seller = await mp.account.me({ accessToken: sellerToken });
 */
export function createAccountResource(http: ProviderHttpClient) {
  return {
    /** Reads the account of the access token (the configured one, or `options.accessToken`). */
    me(options?: ProviderRequestOptions): Promise<User> {
      return unwrap(http.GET("/users/me", { ...toFetchOptions(options) }));
    },
  };
}

/** The `account` resource of the provider client. */
export type AccountResource = ReturnType<typeof createAccountResource>;
