import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

describe("cardTokens", () => {
  it("create sends POST /v1/card_tokens with the body", async () => {
    const token = { id: "ff8080814c11e237014c1ff593b57b4d", status: "active" };
    const { client, last } = createRecordingClient(respondJson(token, 201));
    const body = { card_id: "9876", security_code: "123" };
    await expect(client.cardTokens.create(body)).resolves.toEqual(token);
    expect(wireOf(last())).toEqual(wire("POST", "/v1/card_tokens", { body }));
  });
});
