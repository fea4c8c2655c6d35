import { describe, expect, it } from "vitest";
import { CONFIGURED_TOKEN, createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

describe("account", () => {
  it("me sends GET /users/me with the configured token", async () => {
    const user = { id: 1234, nickname: "SELLER", site_id: "MLB" };
    const { client, last } = createRecordingClient(respondJson(user));
    await expect(client.account.me()).resolves.toEqual(user);
    expect(wireOf(last())).toEqual(wire("GET", "/users/me"));
    expect(last().headers.get("authorization")).toBe(`Bearer ${CONFIGURED_TOKEN}`);
  });

  it("me with a per-call access token reads that seller's account", async () => {
    const { client, last } = createRecordingClient(respondJson({ id: 99 }));
    await client.account.me({ accessToken: "APP_USR-seller" });
    expect(last().headers.get("authorization")).toBe("Bearer APP_USR-seller");
  });
});
