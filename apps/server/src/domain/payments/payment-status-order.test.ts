import { describe, expect, it } from "vitest";
import { shouldApplyPaymentSnapshot } from "./payment-status-order";

const at = (iso: string) => new Date(iso);

describe("shouldApplyPaymentSnapshot", () => {
  it("moves forward: pending → in_process → authorized → approved → refunded", () => {
    const path = ["pending", "in_process", "authorized", "approved", "refunded"];
    for (let i = 1; i < path.length; i++) {
      const stored = { status: path[i - 1] ?? "", lastUpdated: at("2025-01-01T00:00:00Z") };
      const incoming = { status: path[i] ?? "", lastUpdated: at("2025-01-01T00:01:00Z") };
      expect(shouldApplyPaymentSnapshot(stored, incoming), `${stored.status} → ${incoming.status}`).toBe(true);
    }
  });

  it("never moves backwards, even with a newer date", () => {
    const newer = at("2025-01-02T00:00:00Z");
    const older = at("2025-01-01T00:00:00Z");
    expect(
      shouldApplyPaymentSnapshot({ status: "approved", lastUpdated: older }, { status: "pending", lastUpdated: newer }),
    ).toBe(false);
    expect(
      shouldApplyPaymentSnapshot(
        { status: "refunded", lastUpdated: older },
        { status: "approved", lastUpdated: newer },
      ),
    ).toBe(false);
    expect(
      shouldApplyPaymentSnapshot(
        { status: "authorized", lastUpdated: older },
        { status: "in_process", lastUpdated: newer },
      ),
    ).toBe(false);
  });

  it("never applies an older snapshot, even with a higher status", () => {
    expect(
      shouldApplyPaymentSnapshot(
        { status: "approved", lastUpdated: at("2025-01-02T00:00:00Z") },
        { status: "refunded", lastUpdated: at("2025-01-01T00:00:00Z") },
      ),
    ).toBe(false);
  });

  it("applies same-rank changes with an equal or newer date (partial refund, dispute opening and closing)", () => {
    const t1 = at("2025-01-01T00:00:00Z");
    const t2 = at("2025-01-02T00:00:00Z");
    expect(
      shouldApplyPaymentSnapshot({ status: "approved", lastUpdated: t1 }, { status: "approved", lastUpdated: t1 }),
    ).toBe(true);
    expect(
      shouldApplyPaymentSnapshot({ status: "approved", lastUpdated: t1 }, { status: "in_mediation", lastUpdated: t2 }),
    ).toBe(true);
    expect(
      shouldApplyPaymentSnapshot({ status: "in_mediation", lastUpdated: t1 }, { status: "approved", lastUpdated: t2 }),
    ).toBe(true);
  });

  it("applies when either side has no date, by status alone", () => {
    expect(
      shouldApplyPaymentSnapshot({ status: "pending", lastUpdated: null }, { status: "approved", lastUpdated: null }),
    ).toBe(true);
    expect(
      shouldApplyPaymentSnapshot({ status: "approved", lastUpdated: null }, { status: "pending", lastUpdated: null }),
    ).toBe(false);
  });
});
