// @vitest-environment jsdom
// The console's users and catalog areas as staff drive them, against a fake
// server at the fetch level (the app's real tRPC client, hooks and router).
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../test/fake-trpc-server";
import { renderApp } from "../test/render-app";

vi.setConfig({ testTimeout: 30_000 });

const CONFIG = {
  providerMode: "sandbox",
  providerApiUrl: "https://provider.test",
  publicKey: "pk",
  siteId: "MLA",
  currency: "ARS",
};
const PRODUCT = {
  id: "44444444-4444-4444-8444-444444444444",
  slug: "mate",
  title: "Mate",
  description: "",
  priceMinor: 12_550,
  currency: "ARS",
  imageUrl: null,
  active: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const OTHER = {
  id: "55555555-5555-4555-8555-555555555555",
  email: "bea@example.com",
  name: "Bea",
  role: "admin",
  disabledAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};

function staff(role: string) {
  return { id: "11111111-1111-4111-8111-111111111111", email: `${role}@example.com`, name: `The ${role}`, role };
}

describe("[admin][catalog] catalog area", () => {
  it("shows a viewer the products without any edit control", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("viewer") }),
      "system.publicConfig": () => CONFIG,
      "admin.catalog.list": () => ({ items: [PRODUCT], nextCursor: null }),
    });
    renderApp(server, "/admin/catalog");
    expect(await screen.findByRole("rowheader", { name: "Mate" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New product" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Deactivate" })).not.toBeInTheDocument();
  });

  it("lets an admin create a product: the decimal price goes in minor units and a taken slug lands on its field", async () => {
    const user = userEvent.setup();
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("admin") }),
      "system.publicConfig": () => CONFIG,
      "admin.catalog.list": () => ({ items: [], nextCursor: null }),
      "admin.catalog.create": (input) => {
        const fields = input as { slug: string };
        if (fields.slug === "mate") {
          throw new FakeTrpcError("Another product already uses this slug.", {
            code: "CONFLICT",
            httpStatus: 409,
            field: "slug",
            reason: "slug_taken",
          });
        }
        return { ...PRODUCT, ...fields };
      },
    });
    renderApp(server, "/admin/catalog");
    expect(await screen.findByRole("heading", { name: "No products yet" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New product" }));

    // A price with more decimals than ARS has is refused before anything is sent.
    await user.type(screen.getByLabelText(/^Title(?! \()/), "Mate");
    // The texts per language: a Spanish description; empty ones are not sent.
    await user.type(screen.getByLabelText("Description (Español)"), "Mate de calabaza curado a mano");
    await user.type(screen.getByLabelText(/^Slug/), "mate");
    await user.type(screen.getByLabelText(/^Price/), "125.555");
    await user.click(screen.getByRole("button", { name: "Save product" }));
    await waitFor(() => expect(screen.getByLabelText(/^Price/)).toHaveFocus());
    expect(server.callsTo("admin.catalog.create")).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), "125.5");
    await user.click(screen.getByRole("button", { name: "Save product" }));
    await waitFor(() => expect(screen.getByLabelText(/^Slug/)).toHaveFocus());
    expect(
      screen.getAllByText("Another product already uses this slug. Choose a different one.").length,
    ).toBeGreaterThan(0);
    expect(server.callsTo("admin.catalog.create")).toEqual([
      {
        slug: "mate",
        title: "Mate",
        description: "",
        priceMinor: 12_550,
        currency: "ARS",
        imageUrl: null,
        active: true,
        translations: { es: { description: "Mate de calabaza curado a mano" } },
      },
    ]);

    await user.clear(screen.getByLabelText(/^Slug/));
    await user.type(screen.getByLabelText(/^Slug/), "mate-grande");
    await user.click(screen.getByRole("button", { name: "Save product" }));
    expect(await screen.findByText("Product created.")).toBeInTheDocument();
    expect(server.callsTo("admin.catalog.create")).toHaveLength(2);
  });
});

describe("[admin][users] users area", () => {
  it("asks before changing a role, sends nothing on cancel, and shows the last-admin refusal", async () => {
    const user = userEvent.setup();
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("admin") }),
      "admin.users.list": () => ({ items: [OTHER], nextCursor: null }),
      "admin.users.setRole": (input) => ({ user: { ...OTHER, ...(input as object) }, changed: true }),
      "admin.users.setDisabled": () => {
        throw new FakeTrpcError("The last active admin cannot be disabled.", {
          code: "CONFLICT",
          httpStatus: 409,
          field: "userId",
          reason: "last_admin",
        });
      },
    });
    renderApp(server, "/admin/users?q=bea");
    const row = (await screen.findByRole("rowheader", { name: /Bea/ })).closest("tr") as HTMLElement;
    expect(server.callsTo("admin.users.list")[0]).toMatchObject({ search: "bea" });

    await user.selectOptions(within(row).getByLabelText("Role of Bea"), "viewer");
    const dialog = await screen.findByRole("dialog", { name: "Make Bea Viewer?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.callsTo("admin.users.setRole")).toHaveLength(0);

    await user.selectOptions(within(row).getByLabelText("Role of Bea"), "viewer");
    await user.click(
      within(await screen.findByRole("dialog", { name: "Make Bea Viewer?" })).getByRole("button", {
        name: "Change role",
      }),
    );
    expect(await screen.findByText("Bea is now Viewer.")).toBeInTheDocument();
    expect(server.callsTo("admin.users.setRole")).toEqual([{ userId: OTHER.id, role: "viewer" }]);

    await user.click(within(row).getByRole("button", { name: "Disable" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Disable Bea?" })).getByRole("button", { name: "Disable" }),
    );
    expect(
      await screen.findByText("The shop must keep at least one active admin. Make someone else an admin first."),
    ).toBeInTheDocument();
  });
});
