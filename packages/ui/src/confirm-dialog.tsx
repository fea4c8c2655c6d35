import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "./button";

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in plain words ("The card ending in 3704 will be removed."). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** `danger` for destructive actions (the default). */
  tone?: "danger" | "primary";
  /**
   * True once the action is over and the dialog only reports its outcome: one neutral button (`confirmLabel`, e.g.
   * "Done") closes it, never a red one, and there is nothing left to cancel.
   */
  finished?: boolean;
  /** True while the confirmed action runs: the dialog stays open and cannot be cancelled. */
  busy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a destructive action. A modal dialog built on Radix's Dialog primitive: the page behind is hidden from
 * assistive technology and cannot be clicked, focus is trapped inside, Escape cancels (unless the action runs), focus
 * starts on Cancel (the safe choice) and returns to whatever had it before the dialog opened.
 *
 * Radix's Dialog rather than its AlertDialog: the same component also holds forms ("New plan"), which are dialogs,
 * not alerts; like an alert dialog, a click outside does not dismiss it, so a stray click never cancels a money step.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = "danger",
  finished = false,
  busy = false,
  busyLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  // Radix hides the page behind with aria-hidden, which leaves its buttons in the tab order's reach for assistive
  // technology checks (axe then reports every one as nameless). `inert`, as a native modal <dialog> does, takes the
  // page out of focus, clicks and the accessibility tree together; it is lifted when the dialog closes.
  useEffect(() => {
    if (!open) return;
    let portal: HTMLElement | null = contentRef.current;
    while (portal && portal.parentElement !== document.body) portal = portal.parentElement;
    if (!portal) return;
    const madeInert = Array.from(document.body.children).filter(
      (element): element is HTMLElement =>
        element !== portal && element instanceof HTMLElement && !element.inert && element.tagName !== "SCRIPT",
    );
    for (const element of madeInert) element.inert = true;
    return () => {
      for (const element of madeInert) element.inert = false;
    };
  }, [open]);

  // Radix reports every dismissal (Escape) here; the parent owns `open` and decides, and nothing cancels a running action.
  const handleOpenChange = (next: boolean) => {
    if (!next && !busy) onCancel();
  };

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-dialog-overlay" />
        <Dialog.Content
          ref={contentRef}
          className="ui-dialog"
          // Without a description, say so: Radix would otherwise point aria-describedby at nothing and warn.
          {...(children ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            // Focus has not moved yet: remember who had it, since callers open this dialog without a Radix trigger.
            returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            event.preventDefault();
            cancelRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Radix would focus its (absent) trigger; give focus back to whatever had it before the dialog opened.
            event.preventDefault();
            const target = returnFocusRef.current;
            returnFocusRef.current = null;
            if (target?.isConnected) target.focus();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className="ui-dialog__title">{title}</Dialog.Title>
          {children ? (
            <Dialog.Description asChild>
              <div className="ui-dialog__body">{children}</div>
            </Dialog.Description>
          ) : null}
          <div className="ui-dialog__actions">
            {finished ? (
              <Button ref={cancelRef} variant="secondary" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            ) : (
              <>
                <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
                  {cancelLabel}
                </Button>
                <Button
                  variant={tone === "danger" ? "danger" : "primary"}
                  onClick={onConfirm}
                  busy={busy}
                  busyLabel={busyLabel}
                >
                  {confirmLabel}
                </Button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
