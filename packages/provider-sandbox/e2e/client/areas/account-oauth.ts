// `/users/me` and the OAuth code flow as a platform runs it: build the
// authorization URL with the client, open the consent page, submit its form
// (Authorize), take the code from the redirect, exchange it with
// `oauth.exchangeCode` (PKCE S256) and rotate the tokens with `oauth.refreshToken`.

import { createHash, randomBytes } from "node:crypto";
import { ProviderAuthenticationError, ProviderBadRequestError } from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import { DEFAULT_OAUTH_APP } from "../../../src/index";
import { formFields, postForm } from "../../../src/test-support/forms";
import type { ClientSandbox } from "../harness";

const REDIRECT_URI = "https://platform.example/oauth/callback";

export function describeAccountAndOAuth(env: () => ClientSandbox): void {
  describe("account and OAuth", () => {
    it("answers /users/me for the token's seller", async () => {
      const { sandbox } = env();
      const me = await env().clientFor().account.me();
      expect(me.id).toBe(sandbox.control.defaultSeller.userId);
      const other = env().newSeller("MLB");
      expect(await other.client.account.me()).toMatchObject({ id: other.userId, site_id: "MLB" });
    });

    it("connects a seller through the consent page, exchanges the code and refreshes the tokens", async () => {
      const { sandbox } = env();
      const platform = env().clientFor();
      const verifier = randomBytes(32).toString("base64url");
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      const url = platform.oauth.authorizationUrl({
        clientId: DEFAULT_OAUTH_APP.client_id,
        redirectUri: REDIRECT_URI,
        state: "csrf-42",
        codeChallenge: challenge,
        authorizationBaseUrl: sandbox.url,
      });
      expect(url.startsWith(`${sandbox.url}/authorization?`)).toBe(true);

      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(DEFAULT_OAUTH_APP.name);
      const form = formFields(html);
      expect(form.fields).toMatchObject({ client_id: DEFAULT_OAUTH_APP.client_id, code_challenge: challenge });
      const consent = await postForm(new URL(form.action ?? "", url).toString(), {
        ...form.fields,
        site_id: "MLB",
        decision: "authorize",
      });
      expect(consent.status).toBe(302);
      const callback = new URL(consent.headers.get("location") ?? "");
      expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
      expect(callback.searchParams.get("state")).toBe("csrf-42");
      const code = callback.searchParams.get("code") ?? "";
      expect(code).toMatch(/^TG-/);

      const credentials = {
        clientId: DEFAULT_OAUTH_APP.client_id,
        clientSecret: DEFAULT_OAUTH_APP.client_secret,
      };
      // provider: failed client authentication is a 401 invalid_client, and does not burn the code.
      await expect(
        platform.oauth.exchangeCode({ ...credentials, clientSecret: "wrong-secret", code, redirectUri: REDIRECT_URI }),
      ).rejects.toBeInstanceOf(ProviderAuthenticationError);
      const tokens = await platform.oauth.exchangeCode({
        ...credentials,
        code,
        redirectUri: REDIRECT_URI,
        codeVerifier: verifier,
        testToken: true,
      });
      expect(tokens).toMatchObject({ token_type: "bearer", live_mode: false });
      expect(tokens.access_token.startsWith("TEST-")).toBe(true);
      const seller = env().clientFor(tokens.access_token);
      expect(await seller.account.me()).toMatchObject({ id: tokens.user_id, site_id: "MLB" });

      const refreshed = await platform.oauth.refreshToken({ ...credentials, refreshToken: tokens.refresh_token ?? "" });
      expect(refreshed.user_id).toBe(tokens.user_id);
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect((await env().clientFor(refreshed.access_token).account.me()).id).toBe(tokens.user_id);
      // provider: refreshing rotates the refresh token; the old one is refused.
      await expect(
        platform.oauth.refreshToken({ ...credentials, refreshToken: tokens.refresh_token ?? "" }),
      ).rejects.toBeInstanceOf(ProviderBadRequestError);
    });
  });
}
