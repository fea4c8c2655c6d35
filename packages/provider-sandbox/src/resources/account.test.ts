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
});
