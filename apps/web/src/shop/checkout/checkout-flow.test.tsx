// @vitest-environment jsdom
// The checkout as a shopper drives it: typing, clicking, submitting. The app's
// real tRPC client talks to a fake server at the fetch level (no mocked hooks).
import "@testing-library/jest-dom/vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeMercadoPago, type FakeMercadoPago } from "../../test/fake-mercadopago";
import { FAKE_PROVIDER_URL, FAKE_SDK_URL, FakeTrpcError, FakeTrpcServer } from "../../test/fake-trpc-server";
import { renderApp } from "../../test/render-app";
import type { CartItem } from "../cart/cart-state";
import { type StoredCheckout, writeStoredCheckout } from "./checkout-session";

const PRODUCT_ID = "0b9c0f8e-4f55-4f0b-9f58-1c1f6f0e2a11";
const CART: CartItem[] = [
  { productId: PRODUCT_ID, slug: "mate", name: "Mate", unitPriceMinor: 925000, currency: "ARS", quantity: 2 },
];
const TOTAL = { amountMinor: 1850000, currency: "ARS" as const };
const CARD_NUMBER = "4509953566233704";
const FIRST_CHECKOUT = "11111111-1111-4111-8111-111111111111";
const SECOND_CHECKOUT = "22222222-2222-4222-8222-222222222222";
const TOKEN_1 = "a".repeat(43);
const TOKEN_2 = "b".repeat(43);

const storedCheckout: StoredCheckout = {
  checkoutId: FIRST_CHECKOUT,
  checkoutToken: TOKEN_1,
  total: TOTAL,
  cartSignature: `${PRODUCT_ID}:2`,
  items: [{ productId: PRODUCT_ID, quantity: 2 }],
  payer: {
    email: "ana@example.com",
    firstName: "Ana",
    lastName: "Gómez",
    identification: { type: "DNI", number: "12345678" },
  },
};

function checkoutResult(checkoutId: string, status: string, reason: string | null = null) {
  return {
    checkoutId,
    orderNumber: 1042,
    status,
    statusDetail: reason ?? (status === "approved" ? "accredited" : null),
    reason,
    total: TOTAL,
    paymentId: status === "open" ? null : 1320000001,
    paymentMethodId: status === "open" ? null : "visa",
    refunded: { amountMinor: 0, currency: "ARS" },
    updatedAt: "2026-11-24T00:00:00.000Z",
  };
}

/** A server with one store: its checkouts' statuses change as they are paid. */
function fakeServer(pay: (checkoutId: string) => "approved" | "rejected" = () => "approved") {
  const statuses = new Map<string, { status: string; reason: string | null }>();
  const newCheckout = () => {
    const checkoutId = statuses.has(FIRST_CHECKOUT) ? SECOND_CHECKOUT : FIRST_CHECKOUT;
    statuses.set(checkoutId, { status: "open", reason: null });
    return {
      checkoutId,
      checkoutToken: checkoutId === FIRST_CHECKOUT ? TOKEN_1 : TOKEN_2,
      total: TOTAL,
      status: "open",
    };
  };
  const server = new FakeTrpcServer({
    "auth.me": () => ({ user: null }),
    "system.publicConfig": () => ({
      providerMode: "sandbox",
      providerApiUrl: FAKE_PROVIDER_URL,
      publicKey: "TEST-public-key",
      sdkUrl: FAKE_SDK_URL,
      siteId: "MLA",
      currency: "ARS",
    }),
    // The store's own account charges these checkouts: its key, saved cards offered.
    "checkout.paymentAccount": () => ({ publicKey: "TEST-public-key", savedCards: true }),
    "checkout.identificationTypes": () => [
      { id: "DNI", name: "DNI", type: "number", minLength: 7, maxLength: 8 },
      { id: "CUIT", name: "CUIT", type: "number", minLength: 11, maxLength: 11 },
    ],
    "checkout.paymentMethods": () => [
      {
        id: "visa",
        name: "Visa",
        paymentTypeId: "credit_card",
        thumbnail: null,
        binPattern: "^4",
        installments: { max: 12 },
        cardNumberLength: 16,
        securityCodeLength: 3,
      },
    ],
    "checkout.create": () => newCheckout(),
    // The server's replacement of a declined checkout: a new one for the same order.
    "checkout.replace": () => newCheckout(),
    "checkout.result": (input) => {
      const { checkoutId } = input as { checkoutId: string };
      const known = statuses.get(checkoutId) ?? { status: "open", reason: null };
      return checkoutResult(checkoutId, known.status, known.reason);
    },
    "checkout.payWithCard": async (input) => {
      const { checkoutId } = input as { checkoutId: string };
      // Slow enough that a second submit would overlap the first.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const status = pay(checkoutId);
      const reason = status === "rejected" ? "cc_rejected_other_reason" : null;
      statuses.set(checkoutId, { status, reason });
      return checkoutResult(checkoutId, status, reason);
    },
  });
  return { server, statuses };
}

function renderCheckout(server: FakeTrpcServer, path = "/checkout") {
  return renderApp(server, path, { cartItems: CART });
}

/** The text a screen reader reads after a control's label: its description and error. */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

/**
 * Fills the card form: the secure fields are the fake SDK's (the test plays the card-number frame recognising the
 * BIN); the holder's name is ours.
 */
async function typeCard(user: ReturnType<typeof userEvent.setup>, sdk: FakeMercadoPago, bin: string) {
  const holder = await screen.findByLabelText(/^Name on the card/);
  await waitFor(() => expect(sdk.mounted("cardNumber")).toBe(true));
  act(() => sdk.changeBin(bin));
  await user.clear(holder);
  await user.type(holder, "ANA GOMEZ");
}

let sdk: FakeMercadoPago;
beforeEach(() => {
  sdk = createFakeMercadoPago();
  sdk.install();
});

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

// Typing character by character is slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  delete window.MercadoPago;
});

describe("[checkout][card] paying with a card", () => {
  it("sends one payment when the form is submitted twice before the page re-renders", async () => {
    const user = userEvent.setup();
    const { server } = fakeServer();
    writeStoredCheckout(storedCheckout);
    renderCheckout(server);
    await typeCard(user, sdk, CARD_NUMBER.slice(0, 8));
    // The installments are the SDK's payer costs, with their total and cost.
    const installments = await screen.findByLabelText(/^Installments/);
    expect(
      within(installments).getByRole("option", {
        name: /^3 installments of .+ · Total .+ · Interest-free · CFT 0% · TEA 0%$/,
      }),
    ).toBeInTheDocument();
    const pay = screen.getByRole("button", { name: "Pay now" });
    await waitFor(() => expect(pay).toBeEnabled());

    const form = pay.closest("form");
    if (!form) throw new Error("the pay button is outside a form");
    // Both submits land in the same tick: only the form's own guard can stop the second.
    act(() => {
      form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
      form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });
    await waitFor(() => expect(pay).toBeDisabled());
    // A double click on the busy button adds nothing either.
    await user.dblClick(pay);

    expect(await screen.findByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
    expect(server.callsTo("checkout.payWithCard")).toHaveLength(1);
    expect(sdk.tokenRequests).toEqual([
      {
        cardholderName: "ANA GOMEZ",
        identificationType: storedCheckout.payer.identification?.type,
        identificationNumber: storedCheckout.payer.identification?.number,
      },
    ]);
    expect(server.callsTo("checkout.payWithCard")[0]).toMatchObject({
      checkoutId: FIRST_CHECKOUT,
      cardToken: "tok00000001",
      paymentMethodId: "visa",
      installments: 1,
    });
  });

  it("after a decline shows why and lets the shopper pay with another card", async () => {
    const user = userEvent.setup();
    // The first checkout's card is declined; any later checkout's card is approved.
    const { server } = fakeServer((checkoutId) => (checkoutId === FIRST_CHECKOUT ? "rejected" : "approved"));
    writeStoredCheckout(storedCheckout);
    renderCheckout(server);
    await typeCard(user, sdk, CARD_NUMBER.slice(0, 8));
    await screen.findByLabelText(/^Installments/);
    await user.click(screen.getByRole("button", { name: "Pay now" }));

    expect(await screen.findByRole("heading", { name: "Your payment was declined" })).toBeVisible();
    expect(screen.getByText("The card issuer declined the payment.")).toBeVisible();
    await user.click(screen.getByRole("link", { name: "Try another card" }));

    // Back on the checkout: the last decline is explained above a fresh card form.
    const declined = await screen.findByText("Your last payment attempt was declined");
    expect(
      within(declined.closest("[role]") ?? document.body).getByText("The card issuer declined the payment."),
    ).toBeVisible();

    await typeCard(user, sdk, "50317557");
    // Not a brand this store takes: the form says so and sends nothing.
    expect(await screen.findByText(/do not recognise this card/, { selector: ".ui-field__error" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Pay now" }));
    expect(server.callsTo("checkout.payWithCard")).toHaveLength(1);

    act(() => sdk.changeBin("42356477"));
    await screen.findByLabelText(/^Installments/);
    await user.click(screen.getByRole("button", { name: "Pay now" }));

    expect(await screen.findByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
    // The declined checkout keeps its one payment: the new card paid a new checkout for the same order, which the
    // server made from the declined one, in the shopper's language (for its e-mails and item names).
    expect(server.callsTo("checkout.replace")).toEqual([
      { checkoutId: FIRST_CHECKOUT, checkoutToken: TOKEN_1, language: "en" },
    ]);
    expect(server.callsTo("checkout.create")).toEqual([]);
    expect(server.callsTo("checkout.payWithCard")).toEqual([
      expect.objectContaining({ checkoutId: FIRST_CHECKOUT, cardToken: "tok00000001" }),
      expect.objectContaining({ checkoutId: SECOND_CHECKOUT, checkoutToken: TOKEN_2, cardToken: "tok00000002" }),
    ]);
  });
});

describe("[checkout][cards] saved cards", () => {
  const SHOPPER = {
    id: "33333333-3333-4333-8333-333333333333",
    email: "ana@example.com",
    name: "Ana",
    role: "shopper",
  };
  const SAVED = {
    id: "card-1",
    brand: "Visa",
    paymentMethodId: "visa",
    lastFour: "3704",
    bin: "450995",
    expirationMonth: 11,
    expirationYear: 2030,
    holder: "APRO",
  };

  it("offers the saved card first, asks only its security code, and pays with its id", async () => {
    const user = userEvent.setup();
    const { server } = fakeServer();
    server.on("auth.me", () => ({ user: SHOPPER }));
    server.on("account.cards.list", () => [SAVED]);
    writeStoredCheckout(storedCheckout);
    renderCheckout(server);

    const choice = await screen.findByRole("group", { name: "Pay with" });
    expect(within(choice).getByLabelText("Visa ending in 3704, expires 11/30")).toBeChecked();
    // Only the CVV is a field; no card number, no holder's name, no "save this card".
    await waitFor(() => expect(sdk.mounted("securityCode")).toBe(true));
    expect(sdk.mounted("cardNumber")).toBe(false);
    expect(screen.queryByLabelText(/^Name on the card/)).toBeNull();
    expect(screen.queryByLabelText(/^Save this card/)).toBeNull();
    // The installments of the saved card's BIN.
    await screen.findByLabelText(/^Installments/);
    await user.click(screen.getByRole("button", { name: "Pay now" }));

    expect(await screen.findByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
    expect(sdk.tokenRequests).toEqual([{ cardId: "card-1" }]);
    expect(server.callsTo("checkout.payWithCard")).toEqual([
      expect.objectContaining({ savedCardId: "card-1", cardToken: "tok00000001", paymentMethodId: "visa" }),
    ]);
  });

  it("'A new card' brings back the full form, and the payment names no saved card", async () => {
    const user = userEvent.setup();
    const { server } = fakeServer();
    server.on("auth.me", () => ({ user: SHOPPER }));
    server.on("account.cards.list", () => [SAVED]);
    writeStoredCheckout(storedCheckout);
    renderCheckout(server);

    await user.click(await screen.findByLabelText("A new card"));
    await typeCard(user, sdk, CARD_NUMBER.slice(0, 8));
    await screen.findByLabelText(/^Installments/);
    await user.click(screen.getByRole("button", { name: "Pay now" }));
    expect(await screen.findByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
    const [payment] = server.callsTo("checkout.payWithCard");
    expect(payment).not.toHaveProperty("savedCardId");
    expect(sdk.tokenRequests[0]).toMatchObject({ cardholderName: "ANA GOMEZ" });
  });
});

describe("[checkout][cards] the SDK cannot load", () => {
  it("says card payments are unavailable, lets the shopper choose another method, and retries on demand", async () => {
    const user = userEvent.setup();
    delete window.MercadoPago;
    const { server } = fakeServer();
    writeStoredCheckout(storedCheckout);
    renderCheckout(server);

    // The script tag the loader added fails (blocked, offline).
    await waitFor(() => expect(document.getElementById("mercadopago-sdk")).not.toBeNull());
    act(() => {
      document.getElementById("mercadopago-sdk")?.dispatchEvent(new Event("error"));
    });
    const failure = await screen.findByRole("alert");
    expect(failure).toHaveTextContent("Card payments are unavailable right now; choose another method.");
    // Other methods stay choosable.
    expect(screen.getByRole("radio", { name: /Rapipago|Mercado Pago/ })).toBeEnabled();

    await user.click(within(failure).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(document.getElementById("mercadopago-sdk")).not.toBeNull());
    sdk.install();
    act(() => {
      document.getElementById("mercadopago-sdk")?.dispatchEvent(new Event("load"));
    });
    expect(await screen.findByLabelText(/^Name on the card/)).toBeVisible();
    document.getElementById("mercadopago-sdk")?.remove();
  });
});

describe("[checkout][payer] the payer's details", () => {
  it("focuses the first field in error, says what is wrong and keeps what was typed", async () => {
    const user = userEvent.setup();
    const { server } = fakeServer();
    renderCheckout(server);
    const email = await screen.findByLabelText(/^Email/);
    await waitFor(() => expect(screen.getByLabelText(/^Document type/)).toBeEnabled());
    await user.type(screen.getByLabelText(/^First name/), "Ana");
    await user.type(email, "ana@");
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));

    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(descriptionOf(email)).toContain("Enter a valid email address, like name@example.com.");
    const summary = screen.getByRole("alert");
    expect(
      within(summary).getByRole("link", { name: "Enter a valid email address, like name@example.com." }),
    ).toHaveAttribute("href", "#payer-email");
    expect(within(summary).getByRole("link", { name: "Enter your last name." })).toBeVisible();
    expect(email).toHaveValue("ana@");
    expect(screen.getByLabelText(/^First name/)).toHaveValue("Ana");
    expect(server.callsTo("checkout.create")).toHaveLength(0);

    // With the email fixed, the next field in error takes the focus.
    await user.clear(email);
    await user.type(email, "ana@example.com");
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(screen.getByLabelText(/^Last name/)).toHaveFocus());
    expect(server.callsTo("checkout.create")).toHaveLength(0);
  });

  it("checks the document number's length for the chosen document type", async () => {
    const user = userEvent.setup();
    const { server } = fakeServer();
    renderCheckout(server);
    const documentType = await screen.findByLabelText(/^Document type/);
    await waitFor(() => expect(documentType).toBeEnabled());
    await user.type(screen.getByLabelText(/^Email/), "ana@example.com");
    await user.type(screen.getByLabelText(/^First name/), "Ana");
    await user.type(screen.getByLabelText(/^Last name/), "Gómez");
    await user.selectOptions(documentType, "CUIT");
    const documentNumber = screen.getByLabelText(/^Document number/);
    await user.type(documentNumber, "12345678");
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));

    await waitFor(() => expect(documentNumber).toHaveFocus());
    expect(descriptionOf(documentNumber)).toContain("The document number must have between 11 and 11 characters.");
    expect(server.callsTo("checkout.create")).toHaveLength(0);

    await user.selectOptions(documentType, "DNI");
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByRole("group", { name: "How do you want to pay?" })).toBeVisible();
    expect(server.callsTo("checkout.create")).toEqual([
      expect.objectContaining({
        payer: expect.objectContaining({ identification: { type: "DNI", number: "12345678" } }),
      }),
    ]);
  });

  it("shows the server's field errors next to their fields", async () => {
    const user = userEvent.setup();
    const { server } = fakeServer();
    server.on("checkout.create", () => {
      throw new FakeTrpcError("Invalid input", {
        code: "BAD_REQUEST",
        httpStatus: 400,
        fieldErrors: { "payer.identification.number": ["The provider refused this document number"] },
      });
    });
    renderCheckout(server);
    await waitFor(() => expect(screen.getByLabelText(/^Document type/)).toBeEnabled());
    await user.type(screen.getByLabelText(/^Email/), "ana@example.com");
    await user.type(screen.getByLabelText(/^First name/), "Ana");
    await user.type(screen.getByLabelText(/^Last name/), "Gómez");
    await user.type(screen.getByLabelText(/^Document number/), "12345678");
    const button = screen.getByRole("button", { name: "Continue to payment" });
    await user.click(button);

    const documentNumber = screen.getByLabelText(/^Document number/);
    await waitFor(() => expect(documentNumber).toHaveFocus());
    expect(descriptionOf(documentNumber)).toContain("The provider refused this document number");
    expect(documentNumber).toHaveValue("12345678");
    expect(button).toBeEnabled();
    expect(server.callsTo("checkout.create")).toEqual([
      {
        items: [{ productId: PRODUCT_ID, quantity: 2 }],
        payer: {
          email: "ana@example.com",
          firstName: "Ana",
          lastName: "Gómez",
          identification: { type: "DNI", number: "12345678" },
        },
        language: "en",
      },
    ]);
  });
});
