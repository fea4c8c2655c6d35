import { describe, expect, it } from "vitest";
import type { SiteId } from "../context";
import { type CardMethodDefinition, findPaymentMethod, siteOf } from "../data/sites";
import {
  argentineLabel,
  costInMinorUnits,
  formatMinor,
  installmentOptions,
  mulDivRoundHalfUp,
  offeredCosts,
  parseAmountParameter,
} from "./installments";

function card(siteId: SiteId, id: string): CardMethodDefinition {
  const method = findPaymentMethod(siteId, id);
  if (method?.kind !== "card") throw new Error(`${id} is not a card of ${siteId}`);
  return method;
}

describe("installment math in minor units", () => {
  it("rounds half up with exact integers", () => {
    expect(mulDivRoundHalfUp(5, 1, 2)).toBe(3);
    expect(mulDivRoundHalfUp(4, 1, 2)).toBe(2);
    expect(mulDivRoundHalfUp(1, 1, 3)).toBe(0);
    expect(mulDivRoundHalfUp(2, 1, 3)).toBe(1);
    expect(mulDivRoundHalfUp(9_007_199_254_740, 15_310, 10_000)).toBe(13_790_022_059_007);
  });

  it("gets right what a float gets wrong: ARS 112.50 in 6 installments at 24.68%", () => {
    // 11250 × 1.2468 = 14026.5 exactly → 14027 cents; in floats 112.5 × 1.2468 × 100 is 14026.499999999998.
    const floatTotal = Math.round(112.5 * (1 + 2468 / 10_000) * 100);
    expect(floatTotal).toBe(14026);
    const cost = costInMinorUnits(11_250, 6, 2468);
    expect(cost.totalMinor).toBe(14_027);
    // 14027 / 6 = 2337.83… → 2338
    expect(cost.installmentMinor).toBe(2338);
  });

  it("keeps interest-free totals equal to the amount", () => {
    expect(costInMinorUnits(100_000, 3, 0)).toMatchObject({ totalMinor: 100_000, installmentMinor: 33_333 });
  });
});

describe("offered payer costs", () => {
  it("MLA credit: the schedule, capped by the method and by the smallest installment", () => {
    const site = siteOf("MLA");
    expect(offeredCosts(site, card("MLA", "visa"), 100_000).map((c) => c.installments)).toEqual([1, 3, 6, 9, 12]);
    // ARS 5.00: 6 installments would be under ARS 1 each.
    expect(offeredCosts(site, card("MLA", "visa"), 500).map((c) => c.installments)).toEqual([1, 3]);
  });

  it("debit cards: one installment", () => {
    expect(offeredCosts(siteOf("MLA"), card("MLA", "debvisa"), 100_000).map((c) => c.installments)).toEqual([1]);
    const options = installmentOptions(siteOf("MLB"), card("MLB", "debelo"), 100_000, null);
    expect(options).toHaveLength(1);
    expect(options[0]).toMatchObject({ installments: 1, installment_rate: 0, total_amount: 1000 });
  });

  it("Colombia goes up to 36", () => {
    expect(offeredCosts(siteOf("MCO"), card("MCO", "visa"), 10_000_000).at(-1)?.installments).toBe(36);
  });

  it("MLA options carry CFT and TEA labels; interest-free ones are marked the provider's way", () => {
    const options = installmentOptions(siteOf("MLA"), card("MLA", "visa"), 100_000, "es-AR");
    const byCount = Object.fromEntries(options.map((o) => [o.installments, o]));
    expect(byCount[3]).toMatchObject({
      installment_rate: 0,
      discount_rate: 0,
      labels: ["CFT_0,00%|TEA_0,00%"],
      installment_rate_collector: ["MERCADOPAGO"],
      installment_amount: 333.33,
      total_amount: 1000,
      recommended_message: "3 cuotas sin interés de $ 333,33 ($ 1.000,00)",
      min_allowed_amount: 3,
      max_allowed_amount: 100_000_000,
    });
    expect(byCount[6]).toMatchObject({
      installment_rate: 24.68,
      installment_rate_collector: ["THIRD_PARTY"],
      total_amount: 1246.8,
      installment_amount: 207.8,
      recommended_message: "6 cuotas de $ 207,80 ($ 1.246,80)",
    });
    for (const option of options) expect(option.labels[0]).toMatch(/^CFT_\d+,\d{2}%\|TEA_\d+,\d{2}%$/);
    // The CFT adds VAT on the interest, so it is above the TEA.
    const [cft, tea] =
      (byCount[12]?.labels[0] ?? "").match(/[\d,]+(?=%)/g)?.map((v) => Number(v.replace(",", "."))) ?? [];
    expect(tea).toBeGreaterThan(0);
    expect(cft).toBeGreaterThan(tea ?? 0);
  });

  it("other sites have no labels and speak their language", () => {
    const br = installmentOptions(siteOf("MLB"), card("MLB", "visa"), 100_000, null);
    expect(br.every((o) => o.labels.length === 0)).toBe(true);
    expect(br.find((o) => o.installments === 2)?.recommended_message).toBe(
      "2 parcelas sem juros de R$ 500,00 (R$ 1.000,00)",
    );
    const en = installmentOptions(siteOf("MLB"), card("MLB", "visa"), 100_000, "en-US");
    expect(en.find((o) => o.installments === 4)?.recommended_message).toBe("4 installments of R$ 272,88 (R$ 1.091,50)");
  });

  it("integer currencies stay integers", () => {
    const cl = installmentOptions(siteOf("MLC"), card("MLC", "visa"), 10_001, null);
    const six = cl.find((o) => o.installments === 6);
    // 10001 × 1.089 = 10891.089 → 10891; / 6 = 1815.17 → 1815
    expect(six).toMatchObject({ total_amount: 10_891, installment_amount: 1815 });
    expect(six?.recommended_message).toBe("6 cuotas de $ 1.815 ($ 10.891)");
  });
});

describe("labels and money text", () => {
  it("formats minor units without floats", () => {
    expect(formatMinor(123_456_789, "ARS")).toBe("$ 1.234.567,89");
    expect(formatMinor(5, "MXN")).toBe("$ 0.05");
    expect(formatMinor(1_000_000, "PEN")).toBe("S/ 10,000.00");
    expect(formatMinor(1000, "CLP")).toBe("$ 1.000");
  });

  it("TEA of a zero-cost option is zero", () => {
    expect(argentineLabel(1, 0)).toBe("CFT_0,00%|TEA_0,00%");
  });
});

describe("the amount parameter", () => {
  it("parses decimal text exactly", () => {
    expect(parseAmountParameter("1000", "ARS")).toBe(100_000);
    expect(parseAmountParameter("10.1", "ARS")).toBe(1010);
    expect(parseAmountParameter("0.29", "ARS")).toBe(29);
    expect(parseAmountParameter("5000", "CLP")).toBe(5000);
    expect(parseAmountParameter("5000.00", "CLP")).toBe(5000);
  });

  it("refuses what is not an amount of the currency, naming amount", () => {
    for (const [text, currency] of [
      ["10.001", "ARS"],
      ["10.5", "CLP"],
      ["-3", "ARS"],
      ["abc", "ARS"],
      ["0", "ARS"],
      ["1e3", "ARS"],
    ] as const) {
      expect(() => parseAmountParameter(text, currency), text).toThrowError(/amount/);
    }
  });
});
