import { describe, expect, it } from "vitest";
import type { SiteId } from "../context";
import type { Schemas } from "../schemas";
import { sellerApi } from "../test-support/api-client";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = await useSandbox();

describe("GET /v1/identification_types", () => {
  it("answers the documents of the seller's site", async () => {
    const expected: Record<SiteId, string[]> = {
      MLA: ["DNI", "CUIL"],
      MLB: ["CPF", "CNPJ"],
      MLC: ["RUT"],
      MCO: ["CC", "NIT"],
      MPE: ["DNI", "RUC"],
      MLU: ["CI"],
      MLM: [],
    };
    for (const [siteId, ids] of Object.entries(expected) as [SiteId, string[]][]) {
      const res = await sellerApi(sandbox, siteId).api.get<Schemas["IdentificationType"][]>("/v1/identification_types");
      expect(res.status).toBe(200);
      expect(res.body.map((t) => t.id)).toEqual(expect.arrayContaining(ids));
      if (ids.length === 0) expect(res.body).toEqual([]);
    }
    const brazil = await sellerApi(sandbox, "MLB").api.get<Schemas["IdentificationType"][]>("/v1/identification_types");
    expect(brazil.body).toContainEqual({ id: "CPF", name: "CPF", type: "number", min_length: 11, max_length: 11 });
  });
});
