import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatMinorUnits, Money } from "./money";

// Intl inserts non-breaking spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatMinorUnits", () => {
  it("shows CLP and COP without decimals", () => {
    expect(plain(formatMinorUnits(15000, "CLP", "es-CL"))).toBe("$15.000");
    expect(formatMinorUnits(15000, "COP", "es-CO")).not.toMatch(/,\d\d$/);
  });

  it("shows two decimals for BRL", () => {
    expect(plain(formatMinorUnits(123456, "BRL", "pt-BR"))).toBe("R$ 1.234,56");
  });

  it("still formats a currency the money helpers do not list", () => {
    expect(plain(formatMinorUnits(1999, "EUR", "en-US"))).toBe("€19.99");
    expect(plain(formatMinorUnits(-5, "EUR", "en-US"))).toBe("-€0.05");
  });
});

describe("Money", () => {
  it("renders the formatted amount with the exact machine value", () => {
    const html = plain(renderToString(<Money amountMinor={1999} currency="ARS" locale="es-AR" />));
    expect(html).toContain('value="19.99 ARS"');
    expect(html).toContain("$ 19,99");
  });
});
