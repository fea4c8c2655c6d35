import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";
import { buildAuthorizationUrl } from "./oauth";

const TOKEN = {
  access_token: "APP_USR-seller",
  token_type: "bearer",
  expires_in: 15552000,
  scope: "offline_access read write",
  user_id: 99,
  refresh_token: "TG-refresh-2",
};

describe("oauth", () => {
  it("exchangeCode sends POST /oauth/token with grant_type authorization_code", async () => {
    const { client, last } = createRecordingClient(respondJson(TOKEN));
    await expect(
      client.oauth.exchangeCode({
        clientId: "123",
        clientSecret: "secret",
        code: "TG-code",
        redirectUri: "https://a.b/c",
      }),
    ).resolves.toEqual(TOKEN);
    expect(wireOf(last())).toEqual(
      wire("POST", "/oauth/token", {
        body: {
          grant_type: "authorization_code",
          client_id: "123",
          client_secret: "secret",
          code: "TG-code",
          redirect_uri: "https://a.b/c",
        },
      }),
    );
  });

  it("exchangeCode sends the PKCE verifier and test_token when given", async () => {
    const { client, last } = createRecordingClient(respondJson(TOKEN));
    await client.oauth.exchangeCode({
      clientId: "123",
      clientSecret: "secret",
      code: "TG-code",
      redirectUri: "https://a.b/c",
      codeVerifier: "verifier",
      testToken: true,
    });
    expect(last().body).toMatchObject({ code_verifier: "verifier", test_token: true });
  });

  it("refreshToken sends POST /oauth/token with grant_type refresh_token", async () => {
    const { client, last } = createRecordingClient(respondJson(TOKEN));
    await client.oauth.refreshToken({ clientId: "123", clientSecret: "secret", refreshToken: "TG-refresh-1" });
    expect(wireOf(last())).toEqual(
      wire("POST", "/oauth/token", {
        body: { grant_type: "refresh_token", client_id: "123", client_secret: "secret", refresh_token: "TG-refresh-1" },
      }),
    );
  });

  it("authorizationUrl builds the provider's example URL exactly, without any request", () => {
    const { client, requests } = createRecordingClient();
    expect(client.oauth.authorizationUrl({ clientId: "123", redirectUri: "https://a.b/c", state: "s t" })).toBe(
      "https://auth.mercadopago.com/authorization?client_id=123&redirect_uri=https%3A%2F%2Fa.b%2Fc&state=s+t&response_type=code&platform_id=mp",
    );
    expect(requests).toHaveLength(0);
  });

  it("authorizationUrl honours another base (the sandbox), with or without /authorization", () => {
    const input = { clientId: "123", redirectUri: "https://a.b/c", state: "s" };
    const expectedQuery = "client_id=123&redirect_uri=https%3A%2F%2Fa.b%2Fc&state=s&response_type=code&platform_id=mp";
    expect(buildAuthorizationUrl({ ...input, authorizationBaseUrl: "http://localhost:4010/" })).toBe(
      `http://localhost:4010/authorization?${expectedQuery}`,
    );
    expect(
      buildAuthorizationUrl({ ...input, authorizationBaseUrl: "https://auth.mercadopago.com.br/authorization" }),
    ).toBe(`https://auth.mercadopago.com.br/authorization?${expectedQuery}`);
  });

  it("authorizationUrl adds the PKCE challenge before response_type", () => {
    expect(
      buildAuthorizationUrl({ clientId: "1", redirectUri: "https://a.b", state: "s", codeChallenge: "abc-_" }),
    ).toBe(
      "https://auth.mercadopago.com/authorization?client_id=1&redirect_uri=https%3A%2F%2Fa.b&state=s&code_challenge=abc-_&code_challenge_method=S256&response_type=code&platform_id=mp",
    );
  });
});
