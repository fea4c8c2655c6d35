import { describe, expect, it } from "vitest";
import { translatePlural } from "../../i18n/translate";
import { describeFrequency, describeTrial } from "./plan-frequency";

const i18n = (language: "en" | "es" | "pt") => ({
  tPlural: (keys: Parameters<typeof translatePlural>[1], count: number) => translatePlural(language, keys, count),
});

describe("plan frequencies", () => {
  it("says how often a plan charges, in each language", () => {
    expect(describeFrequency(i18n("en"), 1, "months")).toBe("per month");
    expect(describeFrequency(i18n("en"), 3, "months")).toBe("every 3 months");
    expect(describeFrequency(i18n("es"), 7, "days")).toBe("cada 7 días");
    expect(describeFrequency(i18n("pt"), 1, "months")).toBe("por mês");
  });

  it("describes a free trial", () => {
    expect(describeTrial(i18n("en"), 1, "months")).toBe("1 month free");
    expect(describeTrial(i18n("es"), 14, "days")).toBe("14 días gratis");
  });
});
