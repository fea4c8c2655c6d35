import { describe, expect, it } from "vitest";
import { CARDHOLDER_OUTCOMES, outcomeForCardholder } from "./cardholder-outcomes";

describe("outcomeForCardholder", () => {
  it("covers every documented test name", () => {
    expect(Object.keys(CARDHOLDER_OUTCOMES).sort()).toEqual(
      [
        "APRO",
        "ATTE",
        "BLAC",
        "CALL",
        "CARD",
        "CONT",
        "CTNA",
        "DUPL",
        "EXPI",
        "FORM",
        "FUND",
        "INST",
        "LOCK",
        "OTHE",
        "SECU",
        "TEST",
        "UNSU",
      ].sort(),
    );
  });

  it("maps names to both vocabularies, ignoring case and extra words", () => {
    expect(outcomeForCardholder("fund")).toEqual({
      status: "rejected",
      statusDetail: "cc_rejected_insufficient_amount",
      ordersStatus: "failed",
      ordersStatusDetail: "insufficient_amount",
    });
    expect(outcomeForCardholder(" CONT ").ordersStatus).toBe("processing");
    expect(outcomeForCardholder("CALL Test").ordersStatusDetail).toBe("required_call_for_authorize");
    expect(outcomeForCardholder("OTHE").statusDetail).toBe("cc_rejected_other_reason");
  });

  it("approves unknown names like APRO", () => {
    expect(outcomeForCardholder("Jane Doe")).toEqual(CARDHOLDER_OUTCOMES.APRO);
  });
});
