// @vitest-environment jsdom
// The Disputes area as staff drive it, against a fake server at the fetch level (the app's real tRPC client, hooks
// and router): the evidence picker refuses a wrong type or more than 10 MB before anything is sent; a confirmed
// upload sends the files as base64 with one key, kept through an unseen answer so the repeat is sent once.
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { App } from "../../../app";
import { AppProviders } from "../../../providers";
import { FakeTrpcServer } from "../../../test/fake-trpc-server";

vi.setConfig({ testTimeout: 30_000 });

// jsdom has no modal dialogs: open and close are enough for the confirmation.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CONFIG = {
  providerMode: "sandbox",
  providerApiUrl: "https://provider.test",
  publicKey: "pk",
  siteId: "MLA",
  currency: "ARS",
};
const CHARGEBACK = {
  id: "234000000000000001",
  paymentId: 1234,
  amount: { amountMinor: 18000, currency: "ARS" },
  reason: "fraud",
  documentationStatus: "pending",
  documentationRequired: true,
  deadline: "2026-12-06T12:00:00.000Z",
  coverageApplied: null,
  createdAt: "2026-11-26T12:00:00.000Z",
  coverageEligible: true,
  documents: [],
  uploads: [],
  canUpload: true,
};

function renderApp(server: FakeTrpcServer, path: string) {
  vi.stubGlobal("fetch", server.fetch);
  vi.stubGlobal("scrollTo", vi.fn());
  render(
    <AppProviders language="en">
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("[admin][disputes] evidence upload", () => {
  it("checks type and size before sending, confirms, and keeps its key through an unseen answer", async () => {
    const user = userEvent.setup({ applyAccept: false });
    let outcome: "unknown" | "done" = "unknown";
    const server = new FakeTrpcServer({
      "auth.me": () => ({
        user: { id: "11111111-1111-4111-8111-111111111111", email: "o@example.com", name: "O", role: "operator" },
      }),
      "system.publicConfig": () => CONFIG,
      "admin.disputes.get": () => CHARGEBACK,
      "admin.disputes.uploadEvidence": () => ({ outcome, uploadId: "22222222-2222-4222-8222-222222222222" }),
    });
    renderApp(server, `/admin/disputes/${CHARGEBACK.id}`);
    const picker = await screen.findByLabelText("Files", {}, { timeout: 15_000 });
    const send = screen.getByRole("button", { name: "Send evidence" });
    expect(send).toBeDisabled();

    await user.upload(picker, new File(["GIF89a"], "photo.gif", { type: "image/gif" }));
    expect(screen.getByRole("alert")).toHaveTextContent("photo.gif is not a JPG, PNG or PDF file.");
    expect(send).toBeDisabled();
    const big = new File(["%PDF"], "big.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    await user.upload(picker, big);
    expect(screen.getByRole("alert")).toHaveTextContent("The files are more than 10 MB in all.");
    expect(send).toBeDisabled();

    await user.upload(picker, new File(["%PDF-1.4 proof"], "receipt.pdf", { type: "application/pdf" }));
    expect(send).toBeEnabled();
    await user.click(send);
    const dialog = screen.getByRole("dialog", { name: "Send this evidence to Mercado Pago?" });
    expect(dialog).toHaveTextContent("receipt.pdf");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(
      await screen.findByText(/could not confirm that Mercado Pago received/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();

    outcome = "done";
    await user.click(send);
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Mercado Pago received the evidence.")).toBeInTheDocument();
    const [first, second] = server.callsTo("admin.disputes.uploadEvidence") as {
      idempotencyKey: string;
      files: { name: string; type: string; dataBase64: string }[];
    }[];
    expect(first?.files).toEqual([
      { name: "receipt.pdf", type: "application/pdf", dataBase64: btoa("%PDF-1.4 proof") },
    ]);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(server.callsTo("admin.disputes.uploadEvidence")).toHaveLength(2);
  });
});
