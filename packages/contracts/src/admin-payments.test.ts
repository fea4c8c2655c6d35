import { describe, expect, it } from "vitest";
import { paymentFiltersFromUrl, paymentListFiltersSchema } from "./admin-payments";

describe("payment list filters in the page's URL", () => {
  const now = new Date(2026, 10, 27, 12);

  it("reads the list kit's values as the list's filters, the date range resolved", () => {
    const filters = paymentListFiltersSchema.parse(
      paymentFiltersFromUrl(
        { status: "approved,rejected", range: "today", amountMin: "1000", account: "own", sort: "amount_desc" },
        now,
      ),
    );
    expect(filters).toEqual({
      status: ["approved", "rejected"],
      createdFrom: new Date(2026, 10, 27).toISOString(),
      amountMinMinor: 1000,
      account: "own",
      sort: "amount_desc",
    });
  });

  it("a custom range covers its whole days", () => {
    const filters = paymentListFiltersSchema.parse(
      paymentFiltersFromUrl({ range: "custom", from: "2026-11-02", to: "2026-11-02" }, now),
    );
    expect(filters.createdFrom).toBe(new Date(2026, 10, 2).toISOString());
    expect(filters.createdTo).toBe(new Date(2026, 10, 2, 23, 59, 59, 999).toISOString());
  });

  it("a hand-edited account is refused naming it", () => {
    const parsed = paymentListFiltersSchema.safeParse(paymentFiltersFromUrl({ account: "everyone" }, now));
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["account"]);
  });
});
