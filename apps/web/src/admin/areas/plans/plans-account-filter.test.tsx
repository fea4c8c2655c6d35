// @vitest-environment jsdom
// The plans list searches one account at a time: the shared account select goes into the URL and the search; a
// connected account's plan opens its detail with `?account=<id>`, read with that account, and its deactivation is sent
// with that account (the server changes it with the seller's credentials).
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { currentLocation, LocationProbe, SELLER_CONNECTION } from "../../../test/account-filter-fixtures";
import { FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import PlansArea from "./plans-area";

function plan(id: string, reason: string) {
  return {
    id,
    status: "active",
    reason,
    amount: { amountMinor: 150_000, currency: "ARS" },
    frequency: 1,
    frequencyType: "months",
    freeTrial: null,
    billingDay: null,
    billingDayProportional: false,
    repetitions: null,
    backUrl: "https://shop.example/account",
    externalReference: null,
    initPoint: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
  };
}

describe("[admin][plans] the account filter", () => {
  it("goes into the URL and the search; a seller's plan opens with the account and is deactivated on it", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: { id: "u1", email: "o@example.com", name: "Op", role: "operator" } }),
      "system.publicConfig": () => ({
        providerMode: "sandbox",
        providerApiUrl: "https://provider.test",
        publicKey: "TEST-key",
        siteId: "MLA",
        currency: "ARS",
      }),
      "admin.account.accountOptions": () => [SELLER_CONNECTION],
      "admin.plans.search": (input) => {
        const { account } = input as { account?: string };
        return {
          items: [account ? plan("plan-seller", "Seller plan") : plan("plan-own", "Own plan")],
          total: 1,
          offset: 0,
          limit: 20,
        };
      },
      "admin.plans.get": () => plan("plan-seller", "Seller plan"),
      "admin.plans.setStatus": () => ({ ...plan("plan-seller", "Seller plan"), status: "inactive" }),
    });
    renderWithServer(
      server,
      <>
        <LocationProbe />
        <Routes>
          <Route path="/admin/plans/*" element={<PlansArea />} />
        </Routes>
      </>,
      { path: "/admin/plans", cartItems: [] },
    );
    expect(await screen.findByRole("link", { name: "Own plan" })).toHaveAttribute("href", "/admin/plans/plan-own");
    expect(server.callsTo("admin.plans.search").at(-1)).not.toHaveProperty("account");
    const select = screen.getByRole("combobox", { name: "Account" });
    expect(select).toHaveValue("own");
    expect(within(select).queryByRole("option", { name: "All accounts" })).toBeNull();

    const user = userEvent.setup();
    await waitFor(() => expect(within(select).getByRole("option", { name: "SELLER_B" })).toBeInTheDocument());
    await user.selectOptions(select, "SELLER_B");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(currentLocation()).toBe(`/admin/plans?account=${SELLER_CONNECTION.id}`));
    await waitFor(() =>
      expect(server.callsTo("admin.plans.search").at(-1)).toMatchObject({ account: SELLER_CONNECTION.id }),
    );
    const row = await screen.findByRole("link", { name: "Seller plan" });
    expect(row).toHaveAttribute("href", `/admin/plans/plan-seller?account=${SELLER_CONNECTION.id}`);

    await user.click(row);
    expect(await screen.findByRole("heading", { name: "Seller plan" })).toBeInTheDocument();
    expect(server.callsTo("admin.plans.get").at(-1)).toEqual({ planId: "plan-seller", account: SELLER_CONNECTION.id });
    expect(screen.getByText(/belongs to a connected seller account/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Edit the plan" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() =>
      expect(server.callsTo("admin.plans.setStatus").at(-1)).toEqual({
        planId: "plan-seller",
        status: "inactive",
        account: SELLER_CONNECTION.id,
      }),
    );
  });
});
