import { type ReactNode, type SyntheticEvent, useEffect, useRef } from "react";
import { Button } from "./button";
import { useDomId } from "./dom-id";

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
 * Asks before a destructive action. A native modal `<dialog>`: the page behind is inert, Escape cancels, focus
 * starts on Cancel (the safe choice) and returns to whatever had it before the dialog opened.
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const baseId = useDomId("dialog");
  const titleId = `${baseId}-title`;
  const descriptionId = children ? `${baseId}-description` : undefined;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open && returnFocusRef.current) {
      const target = returnFocusRef.current;
      returnFocusRef.current = null;
      if (target.isConnected) target.focus();
    }
  }, [open]);

  // Escape fires "cancel"; keep the dialog under React's control and let the parent decide.
  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (!busy) onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className="ui-dialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={handleCancel}
    >
      <h2 className="ui-dialog__title" id={titleId}>
        {title}
      </h2>
      {children ? (
        <div className="ui-dialog__body" id={descriptionId}>
          {children}
        </div>
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
    </dialog>
  );
}
