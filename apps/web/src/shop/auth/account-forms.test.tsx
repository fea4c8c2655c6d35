// @vitest-environment jsdom
// Sign-in and plan subscription as a shopper drives them, against a fake server
// at the fetch level (the app's real tRPC client and hooks).
import "@testing-library/jest-dom/vitest";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createFakeMercadoPago } from "../../test/fake-mercadopago";
import { FAKE_PROVIDER_URL, FAKE_SDK_URL, FakeTrpcError, FakeTrpcServer } from "../../test/fake-trpc-server";
import { renderApp } from "../../test/render-app";

const SHOPPER = { id: "33333333-3333-4333-8333-333333333333", email: "ana@example.com", name: "Ana", role: "shopper" };

vi.setConfig({ testTimeout: 30_000 });

describe("[account][auth] sign-in form", () => {
  it("refuses a wrong password without telling which field, empties only the password, then signs in", async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: signedIn ? SHOPPER : null }),
      "auth.signIn": (input) => {
        if ((input as { password: string }).password !== "right password") {
          throw new FakeTrpcError("Invalid email or password", { code: "UNAUTHORIZED", httpStatus: 401 });
        }
        signedIn = true;
        return { user: SHOPPER };
      },
    });
    renderApp(server, "/login?next=%2Fcart");

    const email = await screen.findByLabelText(/^Email/);
    const password = screen.getByLabelText(/^Password/);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    // Nothing typed: the server's schema refuses both, in order, and nothing is sent.
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByRole("link", { name: "Enter your password." })).toHaveAttribute("href", "#signin-password");
    expect(server.callsTo("auth.signIn")).toHaveLength(0);

    await user.type(email, "Ana@Example.COM");
    await user.type(password, "wrong password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Wrong email or password.")).toBeVisible();
    expect(password).toHaveValue("");
    expect(email).toHaveValue("Ana@Example.COM");
    // The schema's normalisation is what the server received.
    expect(server.callsTo("auth.signIn")).toEqual([{ email: "ana@example.com", password: "wrong password" }]);

    await user.type(password, "right password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
    expect(server.callsTo("auth.signIn")).toHaveLength(2);
  });
});

describe("[account][auth] sign-up form", () => {
  it("checks the password policy first, then says a link was sent, in the shopper's language, signing nobody in", async () => {
    const user = userEvent.setup();
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: null }),
      "auth.signUp": (input) => ({ email: (input as { email: string }).email, sent: true }),
    });
    renderApp(server, "/signup");
    const name = await screen.findByLabelText(/^Name/);
    const email = screen.getByLabelText(/^Email/);
    const password = screen.getByLabelText(/^Password/);
    await user.type(name, "Ana");
    await user.type(email, "Ana@Example.com");
    await user.type(password, "short");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    // The server's password policy, checked before sending.
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(/Use between 8 and 128 characters\./);
    expect(server.callsTo("auth.signUp")).toHaveLength(0);

    await user.type(password, " and long enough");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
    expect(screen.getByText("We sent a link to ana@example.com. Follow it to finish.")).toBeVisible();
    expect(server.callsTo("auth.signUp")).toEqual([
      { name: "Ana", email: "ana@example.com", password: "short and long enough", locale: "en" },
    ]);
  });
});

describe("[account][auth] forgotten password", () => {
  it("answers 'if an account exists' for the address typed, from the sign-in page's link", async () => {
    const user = userEvent.setup();
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: null }),
      "auth.requestPasswordReset": (input) => ({ email: (input as { email: string }).email, sent: true }),
    });
    renderApp(server, "/login");
    await user.click(await screen.findByRole("link", { name: "Forgot your password?" }));
    await screen.findByRole("heading", { level: 1, name: "Forgot your password?" });
    const email = screen.getByLabelText(/^Email/);
    await user.type(email, "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Send the link" }));
    expect(
      await screen.findByText(/If an account exists for nobody@example\.com, we sent a link to it\./),
    ).toBeVisible();
    expect(server.callsTo("auth.requestPasswordReset")).toEqual([{ email: "nobody@example.com", locale: "en" }]);
  });

  it("sets a new password from the link, and says clearly when the link was used", async () => {
    const user = userEvent.setup();
    let uses = 0;
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: null }),
      "auth.resetPassword": () => {
        uses += 1;
        if (uses > 1) {
          throw new FakeTrpcError("This link was already used or has expired.", {
            code: "BAD_REQUEST",
            httpStatus: 400,
            reason: "link_expired",
          });
        }
        return { user: SHOPPER };
      },
    });
    window.history.replaceState(null, "", "/reset-password#token=abcdefghijklmnopqrstuvwxyz012345");
    renderApp(server, "/reset-password");
    const password = await screen.findByLabelText(/^New password/);
    await user.type(password, "a new long password");
    await user.click(screen.getByRole("button", { name: "Save the new password" }));
    expect(await screen.findByText(/Your password was changed\./)).toBeVisible();
    expect(server.callsTo("auth.resetPassword")).toEqual([
      { token: "abcdefghijklmnopqrstuvwxyz012345", password: "a new long password" },
    ]);
    // The token left the address bar as soon as the page read it.
    expect(window.location.hash).toBe("");
    cleanup();

    window.history.replaceState(null, "", "/reset-password#token=abcdefghijklmnopqrstuvwxyz012345");
    renderApp(server, "/reset-password");
    await user.type(await screen.findByLabelText(/^New password/), "another long password");
    await user.click(screen.getByRole("button", { name: "Save the new password" }));
    expect(
      (await screen.findAllByText("This link was already used or has expired. Ask for a new one.")).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  });
});

describe("[account][auth] e-mail verification link", () => {
  it("uses the link once on arrival, signs in and offers the account; a used link says so", async () => {
    let uses = 0;
    let signedIn = false;
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: signedIn ? SHOPPER : null }),
      "auth.verifyEmail": () => {
        uses += 1;
        if (uses > 1) {
          throw new FakeTrpcError("This link was already used or has expired.", {
            code: "BAD_REQUEST",
            httpStatus: 400,
            reason: "link_expired",
          });
        }
        signedIn = true;
        return { user: SHOPPER };
      },
    });
    window.history.replaceState(null, "", "/verify-email#token=verifytokenverifytokenverifytoken");
    renderApp(server, "/verify-email");
    expect(await screen.findByText("Your e-mail is confirmed and you are signed in.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to your account" })).toHaveAttribute("href", "/account");
    expect(server.callsTo("auth.verifyEmail")).toEqual([{ token: "verifytokenverifytokenverifytoken" }]);
    expect(window.location.hash).toBe("");
    cleanup();

    window.history.replaceState(null, "", "/verify-email#token=verifytokenverifytokenverifytoken");
    renderApp(server, "/verify-email");
    expect(await screen.findByText("This link was already used or has expired. Ask for a new one.")).toBeVisible();
    expect(server.callsTo("auth.verifyEmail")).toHaveLength(2);
  });
});

describe("[account][subscriptions] plan subscription form", () => {
  const server = () =>
    new FakeTrpcServer({
      "auth.me": () => ({ user: SHOPPER }),
      "plans.get": () => ({
        id: "plan-123",
        reason: "Mate club",
        amount: { amountMinor: 500000, currency: "ARS" },
        frequency: 1,
        frequencyType: "months",
      }),
      "checkout.paymentMethods": () => [
        { id: "visa", name: "Visa", paymentTypeId: "credit_card", thumbnail: null, binPattern: "^4" },
      ],
      "system.publicConfig": () => ({
        providerMode: "sandbox",
        providerApiUrl: FAKE_PROVIDER_URL,
        publicKey: "TEST-public-key",
        sdkUrl: FAKE_SDK_URL,
        siteId: "MLA",
        currency: "ARS",
      }),
      "subscriptions.create": () => {
        throw new FakeTrpcError("Invalid input", {
          code: "BAD_REQUEST",
          httpStatus: 400,
          fieldErrors: { payerEmail: ["Use the email of your Mercado Pago account"] },
        });
      },
    });

  it("checks the email with the server's schema first, and shows the server's word on it next to it", async () => {
    const user = userEvent.setup();
    const sdk = createFakeMercadoPago();
    sdk.install();
    const fake = server();
    renderApp(fake, "/plans/plan-123");
    const email = await screen.findByLabelText(/^Email of your Mercado Pago account/);
    expect(email).toHaveValue(SHOPPER.email);
    await user.clear(email);
    await user.type(email, "not an email");
    const subscribe = screen.getByRole("button", { name: "Subscribe" });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await user.click(subscribe);

    // The email comes first on the page, so it takes the focus even though the card is empty too.
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(/Enter a valid email address, like name@example.com\./);
    expect(sdk.tokenRequests).toHaveLength(0);

    await user.clear(email);
    await user.type(email, "ana.mp@example.com");
    act(() => sdk.changeBin("45099535"));
    await user.type(screen.getByLabelText(/^Name on the card/), "ANA GOMEZ");
    await user.click(subscribe);

    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(/Use the email of your Mercado Pago account/);
    expect(email).toHaveValue("ana.mp@example.com");
    expect(fake.callsTo("subscriptions.create")).toEqual([
      { planId: "plan-123", cardToken: "tok00000001", payerEmail: "ana.mp@example.com" },
    ]);
    expect(subscribe).toBeEnabled();
    delete window.MercadoPago;
  });
});
