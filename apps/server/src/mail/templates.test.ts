import { describe, expect, it } from "vitest";
import { paymentMethodName, renderEmail, STORE_NAME } from "./templates";

describe("renderEmail", () => {
  it("names the store, the order number and the card in the receipt", () => {
    const rendered = renderEmail(
      {
        kind: "order_confirmation",
        orderLink: "https://shop.example/checkout/result?checkout_id=x",
        orderNumber: 1042,
        paymentMethodId: "visa",
        cardLastFour: "3704",
        items: [{ name: "Cuia", quantity: 1, unitPriceMinor: 12_345_00 }],
        totalMinor: 12_345_00,
        currency: "ARS",
      },
      "pt",
    );
    expect(rendered.subject).toBe("Seu pedido está confirmado (#1042)");
    expect(rendered.text).toContain(`${STORE_NAME} · Pedido #1042`);
    expect(rendered.text).toContain("Pago com Visa final 3704");
    expect(rendered.html).toContain("Pago com Visa final 3704");
  });

  it("keeps a receipt queued before order numbers readable", () => {
    const rendered = renderEmail(
      {
        kind: "order_confirmation",
        orderLink: "https://shop.example/r",
        items: [{ name: "Mate", quantity: 2, unitPriceMinor: 100_00 }],
        totalMinor: 200_00,
        currency: "ARS",
      },
      "es",
    );
    expect(rendered.subject).toBe("Tu pedido está confirmado");
    expect(rendered.text).not.toContain("#");
    expect(rendered.text).not.toContain("Pagado con");
  });

  it("tells a pending cash ticket's amount, link, barcode and expiry in the site's time zone", () => {
    const rendered = renderEmail(
      {
        kind: "ticket_pending",
        orderLink: "https://shop.example/r",
        orderNumber: 1043,
        paymentMethodId: "pagofacil",
        ticketUrl: "https://sandbox.example/tickets/1",
        barcode: "12345678901234567890",
        digitableLine: null,
        expiresAt: "2026-12-01T02:59:00.000Z",
        totalMinor: 5_000_00,
        currency: "ARS",
      },
      "es",
    );
    expect(rendered.subject).toBe("Tu cupón de Pago Fácil para el pedido #1043");
    expect(rendered.text).toContain("https://sandbox.example/tickets/1");
    expect(rendered.text).toContain("12345678901234567890");
    // 02:59 UTC on 1 December is 23:59 on 30 November in Buenos Aires.
    expect(rendered.text).toMatch(/Vence el 30 de noviembre de 2026.*23:59/);
    expect(rendered.text).not.toContain("Línea digitable");
  });
});

describe("paymentMethodName", () => {
  it("reads known ids by their brand and others capitalised", () => {
    expect(paymentMethodName("master")).toBe("Mastercard");
    expect(paymentMethodName("rapipago")).toBe("Rapipago");
    expect(paymentMethodName("oxxo")).toBe("Oxxo");
  });
});
