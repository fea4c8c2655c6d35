import { describe, expect, it } from "vitest";
import {
  createMerchantOrderInputSchema,
  merchantOrderFiltersFromUrl,
  merchantOrderSearchInputSchema,
  updateMerchantOrderInputSchema,
} from "./admin-merchant-orders";

const KEY = "6f1c2a1e-4b7d-4c3a-9f3e-2d1b0a9c8e7f";

describe("merchant order search filters in the URL", () => {
  it("reads the list page's values as the search's input, the date range resolved", () => {
    const now = new Date(2026, 10, 27, 12);
    const filters = merchantOrderSearchInputSchema.parse(
      merchantOrderFiltersFromUrl(
        { status: "closed", preference: "1000001-abc", ref: "ref 1", range: "7d", account: "own" },
        { offset: 25, limit: 25 },
        now,
      ),
    );
    expect(filters).toEqual({
      status: "closed",
      preferenceId: "1000001-abc",
      externalReference: "ref 1",
      createdFrom: new Date(2026, 10, 21).toISOString(),
      account: "own",
      offset: 25,
      limit: 25,
    });
  });

  it("a hand-edited status is refused naming it", () => {
    const parsed = merchantOrderSearchInputSchema.safeParse(
      merchantOrderFiltersFromUrl({ status: "lost" }, { offset: 0, limit: 25 }),
    );
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["status"]);
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
