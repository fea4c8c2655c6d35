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

  // Radix hides the page behind with aria-hidden only, which leaves its buttons reachable to accessibility checks
  // (axe reports every one as nameless). `inert`, as a native modal <dialog> does, takes the page out of focus, clicks
  // and the accessibility tree together. It is set once the content is mounted (Radix mounts it a render after
  // `open`) and lifted as the dialog closes, before focus goes back.
  const inertRef = useRef<HTMLElement[]>([]);
  useEffect(() => {
    if (!open) releasePage(inertRef);
  }, [open]);
  useEffect(() => () => releasePage(inertRef), []);

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
            holdPage(contentRef.current, inertRef);
            event.preventDefault();
            cancelRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Radix would focus its (absent) trigger; give focus back to whatever had it before the dialog opened.
            event.preventDefault();
            releasePage(inertRef);
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

/** Makes everything beside the dialog's portal inert; `held` remembers what to give back. */
function holdPage(content: HTMLElement | null, held: { current: HTMLElement[] }) {
  let portal = content;
  while (portal && portal.parentElement !== document.body) portal = portal.parentElement;
  if (!portal) return;
  held.current = Array.from(document.body.children).filter(
    (element): element is HTMLElement =>
      element !== portal &&
      element instanceof HTMLElement &&
      !element.hasAttribute("inert") &&
      element.tagName !== "SCRIPT",
  );
  for (const element of held.current) element.setAttribute("inert", "");
}

function releasePage(held: { current: HTMLElement[] }) {
  for (const element of held.current) element.removeAttribute("inert");
  held.current = [];
}
