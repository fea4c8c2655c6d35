// @vitest-environment jsdom
// "Invite staff" on the users page, against a fake tRPC server: a bad address is named beside the field and
// nothing is sent; the server's refusal of an address (already staff) is said beside the field; an invitation is
// sent with the address and role; revoking asks first and sends nothing on cancel.
import "@testing-library/jest-dom/vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderApp } from "../../../test/render-app";

const ADMIN = { id: "11111111-1111-4111-8111-111111111111", email: "admin@example.com", name: "Ada", role: "admin" };
const PENDING = {
  id: "33333333-3333-4333-8333-333333333333",
  email: "pending@example.com",
  role: "viewer",
  invitedByName: "Ada",
  expiresAt: "2030-01-08T12:00:00.000Z",
  expired: false,
  lastSentAt: "2030-01-01T12:00:00.000Z",
  sentCount: 1,
  createdAt: "2030-01-01T12:00:00.000Z",
};

describe("[admin][users] invite staff", () => {
  it("names a bad or refused address beside the field, sends an invitation, and asks before revoking", async () => {
    const user = userEvent.setup();
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: ADMIN }),
      "admin.users.list": () => ({ items: [], nextCursor: null }),
      "admin.invitations.list": () => ({ items: [PENDING] }),
      "admin.invitations.create": (input) => {
        if ((input as { email: string }).email === "staff@example.com") {
          throw new FakeTrpcError("already staff", {
            code: "BAD_REQUEST",
            httpStatus: 400,
            field: "email",
            reason: "already_staff",
          });
        }
        return { invitationId: "44444444-4444-4444-8444-444444444444" };
      },
      "admin.invitations.revoke": () => ({ revoked: true }),
    });
    renderApp(server, "/admin/users");
    const address = await screen.findByLabelText("E-mail address");

    await user.type(address, "nope");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText(/E-mail address: enter a valid address/)).toBeInTheDocument();
    expect(server.callsTo("admin.invitations.create")).toHaveLength(0);

    await user.clear(address);
    await user.type(address, "staff@example.com");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(
      await screen.findByText("This address belongs to a staff member already: change their role in the list."),
    ).toBeInTheDocument();
    expect(address).toHaveValue("staff@example.com");

    await user.clear(address);
    await user.type(address, "new@example.com");
    await user.selectOptions(screen.getByLabelText("Role to give"), "operator");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to new@example.com as Operator.")).toBeInTheDocument();
    expect(server.callsTo("admin.invitations.create").at(-1)).toMatchObject({
      email: "new@example.com",
      role: "operator",
    });

    const row = await screen.findByTestId("invitation-row-pending@example.com");
    await user.click(within(row).getByRole("button", { name: "Revoke the invitation for pending@example.com" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke the invitation for pending@example.com?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.callsTo("admin.invitations.revoke")).toHaveLength(0);
    await user.click(within(row).getByRole("button", { name: "Revoke the invitation for pending@example.com" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Revoke the invitation for pending@example.com?" })).getByRole(
        "button",
        { name: "Revoke" },
      ),
    );
    expect(await screen.findByText("Invitation for pending@example.com revoked.")).toBeInTheDocument();
    expect(server.callsTo("admin.invitations.revoke")).toEqual([{ invitationId: PENDING.id }]);
  }, 30_000);
});
