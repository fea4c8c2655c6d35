// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";

afterEach(cleanup);

/** A page with a button that opens the dialog, as callers do: they own `open`, the dialog has no trigger of its own. */
function Page(props: Partial<ConfirmDialogProps> & { onConfirmSpy?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove card
      </button>
      <button type="button">Elsewhere</button>
      <ConfirmDialog
        open={open}
        title="Remove this card?"
        confirmLabel="Remove"
        cancelLabel="Keep it"
        onConfirm={props.onConfirmSpy ?? (() => setOpen(false))}
        onCancel={() => setOpen(false)}
        {...props}
      >
        The card ending in 3704 will be removed.
      </ConfirmDialog>
    </>
  );
}

function openDialog() {
  const trigger = screen.getByRole("button", { name: "Remove card" });
  trigger.focus();
  fireEvent.click(trigger);
  return { trigger, dialog: screen.getByRole("dialog") };
}

describe("ConfirmDialog", () => {
  it("shows nothing until opened, then a modal dialog labelled by its title and described by its text", () => {
    render(<Page />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const { dialog } = openDialog();
    expect(dialog).toHaveAccessibleName("Remove this card?");
    expect(dialog).toHaveAccessibleDescription("The card ending in 3704 will be removed.");
    expect(screen.getByRole("heading", { level: 2, name: "Remove this card?" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove" })).toHaveClass("ui-button--danger");
    // The page behind is hidden from assistive technology while the dialog is open.
    expect(screen.queryByRole("button", { name: "Elsewhere" })).not.toBeInTheDocument();
    // …and inert, as behind a native modal: out of focus, clicks and every accessibility check.
    expect(screen.getByText("Elsewhere").closest("body > *")).toHaveAttribute("inert");
  });

  it("starts on Cancel and keeps focus inside: Tab from the last button wraps, focus moved outside comes back", () => {
    render(<Page />);
    openDialog();
    const cancel = screen.getByRole("button", { name: "Keep it" });
    const confirm = screen.getByRole("button", { name: "Remove" });
    expect(cancel).toHaveFocus();
    confirm.focus();
    fireEvent.keyDown(confirm, { key: "Tab" });
    expect(cancel).toHaveFocus();
    fireEvent.keyDown(cancel, { key: "Tab", shiftKey: true });
    expect(confirm).toHaveFocus();
    act(() => screen.getByRole("button", { name: "Elsewhere", hidden: true }).focus());
    expect(confirm).toHaveFocus();
  });

  it("closes on Escape and gives focus back to the button that opened it", async () => {
    render(<Page />);
    const { trigger, dialog } = openDialog();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(trigger.closest("body > *")).not.toHaveAttribute("inert");
  });

  it("gives focus back after Cancel and after confirming", async () => {
    const onConfirmSpy = vi.fn();
    const { rerender } = render(<Page />);
    const { trigger } = openDialog();
    fireEvent.click(screen.getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(trigger).toHaveFocus());
    rerender(<Page onConfirmSpy={onConfirmSpy} />);
    openDialog();
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(onConfirmSpy).toHaveBeenCalledTimes(1);
  });

  it("ignores a click outside: only Cancel or Escape dismisses it", () => {
    render(<Page />);
    openDialog();
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("locks Cancel and Escape while the confirmed action runs", () => {
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Cancel subscription?"
        confirmLabel="Cancel subscription"
        cancelLabel="Keep"
        busy
        busyLabel="Cancelling…"
        onConfirm={() => {}}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "Cancel subscription?" });
    expect(dialog).not.toHaveAttribute("aria-describedby");
    expect(screen.getByRole("button", { name: "Keep" })).toBeDisabled();
    expect(screen.getByText("Cancelling…")).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onCancel).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
  });

  it("offers one neutral button once finished", () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        finished
        title="Refunded"
        confirmLabel="Done"
        cancelLabel="Keep"
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    const done = screen.getByRole("button", { name: "Done" });
    expect(done).toHaveFocus();
    expect(done).toHaveClass("ui-button--secondary");
    expect(screen.queryByRole("button", { name: "Keep" })).not.toBeInTheDocument();
    fireEvent.click(done);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
