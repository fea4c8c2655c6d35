// @vitest-environment jsdom
// The store identity form as an admin drives it: the contracts' zod schema refuses a too-long descriptor and a
// colour too light for white text before anything is sent (naming the field, keeping what was typed); the preview
// follows the descriptor; a valid change is sent once and the shop's identity is read again.
import "@testing-library/jest-dom/vitest";
import { DEFAULT_STORE_SETTINGS } from "@cobro/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import { SettingsPage } from "./settings-page";

function fakeServer() {
  let settings = { ...DEFAULT_STORE_SETTINGS };
  return new FakeTrpcServer({
    "admin.settings.get": () => ({ settings, version: 1 }),
    "system.storeIdentity": () => ({ name: settings.storeName, brandColor: settings.brandColor, logoUrl: null }),
    "admin.settings.update": (input) => {
      settings = { ...settings, ...(input as object) };
      return { settings, version: 2, changed: Object.keys(input as object) };
    },
  });
}

describe("SettingsPage: store identity", () => {
  it("names bad fields before sending, keeps the input, then saves a valid change once", async () => {
    const server = fakeServer();
    renderWithServer(server, <SettingsPage />, { path: "/admin/settings", cartItems: [] });
    const user = userEvent.setup();
    // Pasted rather than typed key by key: the same events for the form, in a fraction of the time.
    const replace = async (field: HTMLElement, value: string) => {
      await user.clear(field);
      await user.click(field);
      await user.paste(value);
    };
    const form = await screen.findByRole("form", { name: "Store identity" });

    const name = within(form).getByLabelText(/Store name/);
    await replace(name, "Yerba Norte");
    const descriptor = within(form).getByLabelText(/Statement descriptor/);
    await replace(descriptor, "YERBA NORTE MATE Y BOMBILLAS");
    const color = within(form).getByLabelText(/Brand colour/);
    await replace(color, "#ffd700");
    await user.click(within(form).getByRole("button", { name: "Save store identity" }));

    expect(await within(form).findAllByText(/at most 22 characters: unaccented/)).not.toHaveLength(0);
    expect(within(form).getAllByText(/dark enough for white text/)).not.toHaveLength(0);
    expect(descriptor).toHaveAttribute("aria-invalid", "true");
    expect(color).toHaveAttribute("aria-invalid", "true");
    expect(descriptor).toHaveValue("YERBA NORTE MATE Y BOMBILLAS");
    expect(server.callsTo("admin.settings.update")).toHaveLength(0);

    await replace(descriptor, "NORTE*MATE");
    expect(within(form).getByTestId("statement-preview")).toHaveTextContent("NORTE*MATE");
    await replace(color, "#1b5e20");
    expect(within(form).getByText(/Contrast with white text: 7\.\d\d:1/)).toBeInTheDocument();
    const identityReads = server.callsTo("system.storeIdentity").length;
    await user.click(within(form).getByRole("button", { name: "Save store identity" }));

    await screen.findByText("Store identity saved. The shop and new e-mails use it now.");
    expect(server.callsTo("admin.settings.update")).toEqual([
      {
        storeName: "Yerba Norte",
        statementDescriptor: "NORTE*MATE",
        senderName: "",
        senderAddress: "",
        brandColor: "#1b5e20",
      },
    ]);
    // The shop's identity is read again after the save (header, titles, accent).
    await waitFor(() => expect(server.callsTo("system.storeIdentity").length).toBeGreaterThan(identityReads));
  }, 20_000);
});
