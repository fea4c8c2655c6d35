import { describe, expect, it } from "vitest";
import { renderEmail, STORE_NAME } from "./templates";

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
    expect(rendered.subject).toBe("Seu pedido em Cobro está confirmado (#1042)");
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
    expect(rendered.subject).toBe("Tu pedido en Cobro está confirmado");
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
    expect(rendered.subject).toBe("Tu cupón de Pago Fácil para el pedido #1043 en Cobro");
    expect(rendered.text).toContain("https://sandbox.example/tickets/1");
    expect(rendered.text).toContain("12345678901234567890");
    // 02:59 UTC on 1 December is 23:59 on 30 November in Buenos Aires.
    expect(rendered.text).toMatch(/Vence el 30 de noviembre de 2026.*23:59/);
    expect(rendered.text).not.toContain("Línea digitable");
  });
});

describe("renderEmail's subjects", () => {
  const store = { name: "Yerba Norte", brandColor: "#0a4fb5", logoUrl: null };

  it("names the store in the receipt, the cash ticket, the verification and the invitation, in each language", () => {
    const receipt = {
      kind: "order_confirmation" as const,
      orderLink: "https://shop.example/r",
      orderNumber: 7,
      items: [{ name: "Mate", quantity: 1, unitPriceMinor: 100_00 }],
      totalMinor: 100_00,
      currency: "ARS",
    };
    const ticket = {
      kind: "ticket_pending" as const,
      orderLink: "https://shop.example/r",
      orderNumber: 8,
      paymentMethodId: "rapipago",
      ticketUrl: "https://sandbox.example/tickets/8",
      barcode: null,
      digitableLine: null,
      expiresAt: null,
      totalMinor: 100_00,
      currency: "ARS",
    };
    const verify = { kind: "verify_email" as const, name: "Ana", link: "https://shop.example/verify?t=x" };
    const invite = {
      kind: "staff_invitation" as const,
      inviterName: "Bea",
      role: "operator" as const,
      link: "https://shop.example/invite?t=x",
    };
    const subjects = (locale: "en" | "es" | "pt") =>
      [receipt, ticket, verify, invite].map((content) => renderEmail(content, locale, store).subject);
    expect(subjects("en")).toEqual([
      "Your order at Yerba Norte is confirmed (#7)",
      "Your Rapipago ticket for order #8 at Yerba Norte",
      "Confirm your e-mail address for Yerba Norte",
      "You are invited to the Yerba Norte console",
    ]);
    expect(subjects("es")).toEqual([
      "Tu pedido en Yerba Norte está confirmado (#7)",
      "Tu cupón de Rapipago para el pedido #8 en Yerba Norte",
      "Confirma tu dirección de e-mail en Yerba Norte",
      "Te invitaron a la consola de Yerba Norte",
    ]);
    expect(subjects("pt")).toEqual([
      "Seu pedido em Yerba Norte está confirmado (#7)",
      "Seu boleto Rapipago do pedido #8 em Yerba Norte",
      "Confirme seu endereço de e-mail em Yerba Norte",
      "Você foi convidado para o console de Yerba Norte",
    ]);
    // The invitation's body names the store too, not "the store's console".
    expect(renderEmail(invite, "en", store).text).toContain("Bea invited you to the Yerba Norte admin console");
  });

  it("keeps the name as text in the HTML title (escaped) and leaves quoting the header to the mail library", () => {
    const rendered = renderEmail({ kind: "reset_password", link: "https://shop.example/reset?t=x" }, "en", {
      ...store,
      name: "Tom & Jerry's <Shop>",
    });
    expect(rendered.subject).toBe("Reset your Tom & Jerry's <Shop> password");
    expect(rendered.html).toContain("<title>Reset your Tom &amp; Jerry&#39;s &lt;Shop&gt; password</title>");
  });
});
