import { describe, expect, it } from "vitest";

import type { Schemas } from "../schemas";
import { apiFor, sellerApi } from "../test-support/api-client";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = await useSandbox();

describe("GET /users/me", () => {
  it("answers the seller of the token", async () => {
    const me = await apiFor(sandbox).get<Schemas["User"]>("/users/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: 1000001, site_id: "MLA", country_id: "AR", nickname: "TESTSELLER1000001" });
    expect(me.body.tags).toContain("test_user");
    const chile = sellerApi(sandbox, "MLC");
    const other = await chile.api.get<Schemas["User"]>("/users/me");
    expect(other.body).toMatchObject({ id: chile.userId, site_id: "MLC", country_id: "CL" });
  });

  // provider: sdk-nodejs e2e/user/get.spec.ts expects these on a test account, with these types.
  it("answers the profile fields the provider answers", async () => {
    const me = (await apiFor(sandbox).get<Schemas["User"]>("/users/me")).body;
    expect(me).toEqual(
      expect.objectContaining({
        gender: expect.any(String),
        alternative_phone: expect.any(Object),
        seller_experience: expect.any(String),
        bill_data: expect.any(Object),
        seller_reputation: expect.any(Object),
        buyer_reputation: expect.any(Object),
        secure_email: expect.any(String),
        credit: expect.any(Object),
        context: expect.any(Object),
        registration_identifiers: expect.any(Array),
      }),
    );
  });
});
