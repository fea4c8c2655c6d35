import { describe, expect, it } from "vitest";
import { describePaymentOutcome } from "./payment-status";
import { createTranslator } from "./translate";

describe("describePaymentOutcome", () => {
  it("explains each sandbox decline with a next step", () => {
    const t = createTranslator("en");
    const fund = describePaymentOutcome("rejected", "cc_rejected_insufficient_amount");
    expect(fund.tone).toBe("danger");
    expect(t(fund.detailKey)).toBe("Your card has insufficient funds.");
    expect(fund.nextKey).toBe("payment.next.another_method");

    expect(describePaymentOutcome("rejected", "cc_rejected_call_for_authorize").nextKey).toBe("payment.next.call_bank");
    expect(describePaymentOutcome("rejected", "cc_rejected_bad_filled_security_code").nextKey).toBe(
      "payment.next.check_security_code",
    );
    expect(describePaymentOutcome("rejected", "cc_rejected_duplicated_payment").nextKey).toBe(
      "payment.next.check_orders",
    );
  });

  it("tells a pending shopper to wait or to pay the Pix/ticket", () => {
    expect(describePaymentOutcome("in_process", "pending_contingency")).toMatchObject({
      tone: "warning",
      nextKey: "payment.next.wait",
    });
    expect(describePaymentOutcome("pending", "waiting_transfer").nextKey).toBe("payment.next.pay_pix");
    expect(describePaymentOutcome("pending", "pending_waiting_payment").nextKey).toBe("payment.next.pay_ticket");
  });

  it("needs no next step for an approved payment", () => {
    expect(describePaymentOutcome("approved", "accredited")).toMatchObject({ tone: "success", nextKey: null });
  });

  it("falls back to the status's words for an unknown detail, and to pending for an unknown status", () => {
    expect(describePaymentOutcome("rejected", "something_new")).toMatchObject({
      detailKey: "payment.statusText.rejected",
      nextKey: "payment.next.another_method",
    });
    expect(describePaymentOutcome("weird", null).statusKey).toBe("payment.status.pending");
  });

  it("reads in_process as a chargeback detail only under charged_back", () => {
    expect(describePaymentOutcome("in_process", "in_process").detailKey).toBe("payment.statusText.in_process");
    expect(describePaymentOutcome("charged_back", "in_process").detailKey).toBe("payment.detail.in_process");
  });
});
