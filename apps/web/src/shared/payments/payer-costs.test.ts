import { describe, expect, it } from "vitest";
import { formatMoneyIn } from "../../i18n/format";
import { createTranslator } from "../../i18n/translate";
import {
  describeInstallmentChoice,
  formatPercent,
  installmentChoices,
  parseCostLabels,
  sdkAmount,
  toInstallmentChoice,
} from "./payer-costs";
import type { SdkPayerCost } from "./sdk/mercadopago-types";

function cost(overrides: Partial<SdkPayerCost>): SdkPayerCost {
  return {
    installments: 1,
    installment_rate: 0,
    labels: [],
    installment_amount: 251,
    total_amount: 251,
    ...overrides,
  };
}

describe("parseCostLabels", () => {
  it("reads Argentina's CFT and TEA (comma decimals) among other labels", () => {
    expect(parseCostLabels(["recommended_installment", "CFT_45,32%|TEA_37,21%"])).toEqual({
      cftPercent: 45.32,
      teaPercent: 37.21,
    });
    expect(parseCostLabels(["CFT_0,00%|TEA_0,00%"])).toEqual({ cftPercent: 0, teaPercent: 0 });
  });

  it("gives nulls where the site has no such labels, or they are malformed", () => {
    expect(parseCostLabels([])).toEqual({ cftPercent: null, teaPercent: null });
    expect(parseCostLabels(undefined)).toEqual({ cftPercent: null, teaPercent: null });
    expect(parseCostLabels(["CFT_abc%|TEA_%"])).toEqual({ cftPercent: null, teaPercent: null });
  });
});

describe("installment choices", () => {
  it("turns payer costs into minor units, marks interest-free ones and sorts by count", () => {
    const choices = installmentChoices(
      [
        cost({
          installments: 6,
          installment_rate: 24.68,
          installment_amount: 52.16,
          total_amount: 312.95,
          labels: ["CFT_60,11%|TEA_49,68%"],
        }),
        cost({ installments: 1 }),
        cost({ installments: 72, installment_amount: 4, total_amount: 288 }),
      ],
      "ARS",
    );
    expect(choices).toEqual([
      {
        count: 1,
        installmentAmountMinor: 25_100,
        totalMinor: 25_100,
        ratePercent: 0,
        interestFree: true,
        cftPercent: null,
        teaPercent: null,
      },
      {
        count: 6,
        installmentAmountMinor: 5_216,
        totalMinor: 31_295,
        ratePercent: 24.68,
        interestFree: false,
        cftPercent: 60.11,
        teaPercent: 49.68,
      },
    ]);
  });

  it("keeps currencies without decimals whole (CLP)", () => {
    expect(
      toInstallmentChoice(cost({ installment_amount: 3333, total_amount: 9999, installments: 3 }), "CLP"),
    ).toMatchObject({
      installmentAmountMinor: 3333,
      totalMinor: 9999,
    });
    expect(sdkAmount(25_100, "ARS")).toBe("251.00");
    expect(sdkAmount(9_999, "CLP")).toBe("9999");
    // The shopper's language writes the percentage (decimal comma in Spanish).
    expect(formatPercent(24.68, "es-AR")).toMatch(/^24,68\s?%$/);
    expect(formatPercent(24.68, "en-US")).toBe("24.68%");
  });
});

describe("describeInstallmentChoice", () => {
  const financed = toInstallmentChoice(
    cost({
      installments: 6,
      installment_rate: 24.68,
      installment_amount: 52.16,
      total_amount: 312.95,
      labels: ["CFT_60,11%|TEA_49,68%"],
    }),
    "ARS",
  );
  const free = toInstallmentChoice(cost({ installments: 3, installment_amount: 83.67, total_amount: 251 }), "ARS");

  it("shows the amount per installment, the total, the interest and the CFT/TEA in the shopper's language", () => {
    const es = {
      t: createTranslator("es"),
      locale: "es-AR",
      currency: "ARS",
      formatMoney: (m: number, c: string) => formatMoneyIn(m, c, "es-AR"),
    };
    expect(describeInstallmentChoice(financed, es)).toBe(
      `6 cuotas de ${formatMoneyIn(5_216, "ARS", "es-AR")} · Total ${formatMoneyIn(31_295, "ARS", "es-AR")} · Interés ${formatPercent(24.68, "es-AR")} · CFT ${formatPercent(60.11, "es-AR")} · TEA ${formatPercent(49.68, "es-AR")}`,
    );
    expect(describeInstallmentChoice(free, es)).toBe(
      `3 cuotas de ${formatMoneyIn(8_367, "ARS", "es-AR")} · Total ${formatMoneyIn(25_100, "ARS", "es-AR")} · Sin interés`,
    );
    const en = {
      t: createTranslator("en"),
      locale: "en-US",
      currency: "ARS",
      formatMoney: (m: number, c: string) => formatMoneyIn(m, c, "en-US"),
    };
    expect(describeInstallmentChoice(financed, en)).toMatch(
      /^6 installments of .+ · Total .+ · Interest 24\.68% · CFT 60\.11% · TEA 49\.68%$/,
    );
    const pt = {
      t: createTranslator("pt"),
      locale: "pt-BR",
      currency: "ARS",
      formatMoney: (m: number, c: string) => formatMoneyIn(m, c, "pt-BR"),
    };
    expect(describeInstallmentChoice(free, pt)).toMatch(/^3 parcelas de .+ · Total .+ · Sem juros$/);
  });
});
