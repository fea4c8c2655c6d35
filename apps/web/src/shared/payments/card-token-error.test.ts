import { describe, expect, it } from "vitest";
import { CardTokenizationError, fieldErrorsOfSdkError, toCardTokenizationError } from "./card-token-error";

describe("the SDK's token errors as card field problems", () => {
  it("maps the secure fields' causes to our fields", () => {
    const error = Object.assign(new Error("invalid fields"), {
      cause: [
        {
          field: "cardNumber",
          cause: "invalid_length",
          message: "cardNumber should be of length between '9' and '18'.",
        },
        {
          field: "expirationDate",
          cause: "invalid_value",
          message: "expirationYear should be greater or equal than 2026.",
        },
        { field: "securityCode", cause: "invalid_length", message: "securityCode should be of length '3'." },
      ],
    });
    expect(fieldErrorsOfSdkError(error)).toEqual({ cardNumber: "invalid", expiry: "expired", securityCode: "invalid" });
    const mapped = toCardTokenizationError(error);
    expect(mapped).toBeInstanceOf(CardTokenizationError);
    expect(mapped.kind).toBe("invalid_card");
  });

  it("treats anything else as a card that could not be tokenized, and a TypeError as the network", () => {
    expect(toCardTokenizationError(new Error("?")).fieldErrors).toEqual({});
    expect(toCardTokenizationError(new TypeError("Failed to fetch")).kind).toBe("network");
  });
});
