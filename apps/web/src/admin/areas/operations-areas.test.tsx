// @vitest-environment jsdom
// The console's operations areas as staff drive them, against a fake server at
// the fetch level (the app's real tRPC client and hooks): filters go to the
// URL and to the server, a failed list offers a retry, and replay is an
// operator's button that follows the event to its new status.
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../../test/fake-trpc-server";
import { renderApp } from "../../test/render-app";

vi.setConfig({ testTimeout: 30_000 });

const EVENT_ID = "44444444-4444-4444-8444-444444444444";

function staff(role: "viewer" | "operator") {
  return { id: "55555555-5555-4555-8555-555555555555", email: `${role}@example.com`, name: "Staff", role };
}

function event(status: "failed" | "received" | "processed" | "ignored", attempts: number, ignoredReason?: string) {
  return {
    id: EVENT_ID,
    topic: "payment",
    action: "payment.updated",
    dataId: "123456",
    signatureValid: true,
    status,
    attempts,
    deliveries: 3,
    lastError: status === "failed" ? "ProviderServerError: 503" : null,
    ignoredReason: status === "ignored" ? (ignoredReason ?? null) : null,
    receivedAt: "2026-03-01T12:00:00.000Z",
    processedAt: status === "processed" ? "2026-03-01T12:05:00.000Z" : null,
    requestId: "req-1",
    dedupeKey: "payment:123456:req-1",
    lastDeliveredAt: "2026-03-01T12:01:00.000Z",
    payload: { type: "payment", data: { id: "123456" } },
    attemptLog:
      status === "processed"
        ? [
            {
              id: "66666666-6666-4666-8666-666666666666",
              startedAt: "2026-03-01T12:05:00.000Z",
              finishedAt: "2026-03-01T12:05:01.000Z",
              outcome: "processed",
              error: null,
            },
          ]
        : [],
  };
}

describe("[admin][webhooks] event detail", () => {
  it("an operator replays a failed event and the page follows it to processed", async () => {
    const user = userEvent.setup();
    let current = event("failed", 1);
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("operator") }),
      "admin.webhooks.get": () => current,
      "admin.webhooks.replay": () => {
        current = event("processed", 2);
        return { queued: true, status: "received" };
      },
    });
    renderApp(server, `/admin/webhooks/${EVENT_ID}`);

    const status = await screen.findByTestId("webhook-status");
    expect(status).toHaveTextContent("Failed");
    expect(screen.getByTestId("webhook-attempts")).toHaveTextContent("1");
    await user.click(screen.getByRole("button", { name: "Replay" }));
    expect(await screen.findByText(/Replay queued/)).toBeVisible();
    await waitFor(() => expect(screen.getByTestId("webhook-status")).toHaveTextContent("Processed"));
    expect(screen.getByTestId("webhook-attempts")).toHaveTextContent("2");
    expect(within(screen.getByTestId("webhook-attempt-log")).getByText("Processed")).toBeVisible();
    expect(screen.getByRole("button", { name: "Replay" })).toBeDisabled();
    expect(server.callsTo("admin.webhooks.replay")).toEqual([{ eventId: EVENT_ID }]);
  });

  it("an ignored event says why in words; an unknown topic can be replayed", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("operator") }),
      "admin.webhooks.get": () => event("ignored", 1, "unknown_topic"),
    });
    renderApp(server, `/admin/webhooks/${EVENT_ID}`);
    expect(await screen.findByTestId("webhook-status")).toHaveTextContent("Ignored");
    expect(screen.getByTestId("webhook-ignored-reason")).toHaveTextContent(
      "Unknown topic: this version of Cobro does not know it. It is kept and can be replayed once a later version handles it.",
    );
    expect(screen.getByRole("button", { name: "Replay" })).toBeEnabled();
  });

  it("a viewer sees the event and its payload but no replay button", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("viewer") }),
      "admin.webhooks.get": () => event("failed", 1),
    });
    renderApp(server, `/admin/webhooks/${EVENT_ID}`);
    expect(await screen.findByTestId("webhook-status")).toHaveTextContent("Failed");
    expect(screen.getByText(/"type": "payment"/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Replay" })).not.toBeInTheDocument();
  });
});

describe("[admin][webhooks] inbox", () => {
  it("sends the status filter to the server, and offers a retry when the list fails", async () => {
    const user = userEvent.setup();
    let fail = true;
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("viewer") }),
      "admin.webhooks.list": () => {
        if (fail) throw new FakeTrpcError("Internal error", { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 });
        return { items: [event("failed", 1)], nextCursor: null };
      },
    });
    renderApp(server, "/admin/webhooks?status=failed");
    expect(
      await screen.findByRole("heading", { name: "The notifications could not be loaded" }, { timeout: 15_000 }),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("123456")).toBeVisible();
    expect(server.callsTo("admin.webhooks.list").at(-1)).toMatchObject({ status: "failed" });

    await user.selectOptions(screen.getByLabelText("Status"), "ignored");
    await waitFor(() => expect(server.callsTo("admin.webhooks.list").at(-1)).toMatchObject({ status: "ignored" }));
  });

  it("sends the account filter: every account by default, then a connected seller's notifications", async () => {
    const user = userEvent.setup();
    const seller = {
      id: "00000000-0000-4000-8000-0000000000b2",
      providerUserId: 2002,
      nickname: "SELLER_B",
      status: "active",
    };
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("viewer") }),
      "admin.account.accountOptions": () => [seller],
      "admin.webhooks.list": () => ({ items: [event("processed", 1)], nextCursor: null }),
    });
    renderApp(server, "/admin/webhooks");
    expect(await screen.findByText("123456")).toBeVisible();
    expect(server.callsTo("admin.webhooks.list").at(-1)).not.toHaveProperty("account");
    const account = screen.getByLabelText("Account");
    await waitFor(() => expect(within(account).getByRole("option", { name: "SELLER_B" })).toBeInTheDocument());
    await user.selectOptions(account, "SELLER_B");
    await waitFor(() => expect(server.callsTo("admin.webhooks.list").at(-1)).toMatchObject({ account: seller.id }));
    await user.selectOptions(account, "own");
    await waitFor(() => expect(server.callsTo("admin.webhooks.list").at(-1)).toMatchObject({ account: "own" }));
  });
});

describe("[admin][audit] search", () => {
  it("sends the typed filters when applied, and says when nothing matches", async () => {
    const user = userEvent.setup();
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("viewer") }),
      "admin.audit.search": () => ({ items: [], nextCursor: null }),
    });
    renderApp(server, "/admin/audit");
    expect(await screen.findByRole("heading", { name: "No entries" })).toBeVisible();
    await user.type(screen.getByLabelText(/^Actor/), "ana@example.com");
    await user.type(screen.getByLabelText("Action"), "refund.created");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() =>
      expect(server.callsTo("admin.audit.search").at(-1)).toMatchObject({
        actor: "ana@example.com",
        action: "refund.created",
      }),
    );
  });
});
