import { describe, expect, it } from "vitest";
import {
  createMerchantOrderInputSchema,
  merchantOrderFiltersFromQuery,
  merchantOrderFiltersToQuery,
  merchantOrderSearchInputSchema,
  updateMerchantOrderInputSchema,
} from "./admin-merchant-orders";

const KEY = "6f1c2a1e-4b7d-4c3a-9f3e-2d1b0a9c8e7f";

describe("merchant order search filters in the URL", () => {
  it("round-trip through the query (offset 0 left out)", () => {
    const filters = merchantOrderSearchInputSchema.parse({
      status: "closed",
      preferenceId: "1000001-abc",
      externalReference: "ref 1",
      createdFrom: "2026-01-01T00:00:00.000Z",
      offset: 25,
    });
    const query = merchantOrderFiltersToQuery(filters);
    expect(query.toString()).toBe(
      "status=closed&preference=1000001-abc&ref=ref+1&from=2026-01-01T00%3A00%3A00.000Z&offset=25",
    );
    expect(merchantOrderSearchInputSchema.parse(merchantOrderFiltersFromQuery(query))).toEqual(filters);
    expect(merchantOrderFiltersToQuery({ offset: 0 }).toString()).toBe("");
  });

  it("a hand-edited offset is refused naming it", () => {
    const parsed = merchantOrderSearchInputSchema.safeParse(
      merchantOrderFiltersFromQuery(new URLSearchParams("offset=abc")),
    );
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["offset"]);
  });
});

describe("merchant order writes", () => {
  it("a new order needs items or a preference", () => {
    const none = createMerchantOrderInputSchema.safeParse({ idempotencyKey: KEY });
    expect(none.error?.issues).toMatchObject([
      { path: ["items"], message: "Add at least one item, or give a preference id" },
    ]);
    expect(createMerchantOrderInputSchema.safeParse({ idempotencyKey: KEY, preferenceId: "p" }).success).toBe(true);
  });

  it("refuses a notification URL that is not http(s), naming it", () => {
    const parsed = createMerchantOrderInputSchema.safeParse({
      idempotencyKey: KEY,
      items: [{ title: "A", quantity: 1, unitPriceMinor: 100 }],
      notificationUrl: "ftp://example.com/hook",
    });
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["notificationUrl"]);
  });

  it("an update must change something", () => {
    const parsed = updateMerchantOrderInputSchema.safeParse({ merchantOrderId: 1, idempotencyKey: KEY });
    expect(parsed.error?.issues).toMatchObject([{ message: "Change at least one field" }]);
    expect(
      updateMerchantOrderInputSchema.safeParse({ merchantOrderId: 1, idempotencyKey: KEY, additionalInfo: "" }).success,
    ).toBe(true);
  });
});
