import type { ComponentPropsWithRef } from "react";
import { cx } from "./class-names";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "link";

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: ButtonVariant;
  size?: "md" | "sm";
  /** While true the button is disabled, shows a spinner and announces `busyLabel`. */
  busy?: boolean;
  /** Announced through a live region while busy, e.g. "Paying…". */
  busyLabel?: string;
  /** Stretch to the container's width (phone layouts). */
  block?: boolean;
}

/**
 * The one button. `busy` is how every mutation shows it is in flight: the button cannot be pressed twice
 * (no double payments from a double click) and screen readers hear `busyLabel`.
 */
export function Button({
  variant = "primary",
  size = "md",
  busy = false,
  busyLabel = "Working…",
  block = false,
  disabled,
  className,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={cx(
        "ui-button",
        `ui-button--${variant}`,
        size === "sm" && "ui-button--sm",
        block && "ui-button--block",
        busy && "is-busy",
        className,
      )}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <Spinner size="sm" /> : null}
      <span className="ui-button__label">{children}</span>
      <span className="ui-visually-hidden" aria-live="polite">
        {busy ? busyLabel : ""}
      </span>
    </button>
  );
}
