import type { ReactNode } from "react";
import { Button } from "./button";
import { cx } from "./class-names";
import type { Tone } from "./status-badge";

export interface AlertProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a dismiss button. */
  onDismiss?: () => void;
  dismissLabel?: string;
  className?: string;
}

/**
 * A message in a live region: danger and warning interrupt (`role="alert"`), the others wait their turn
 * (`role="status"`). Render it empty-then-filled, or mount it when the message appears; both are announced.
 */
export function Alert({ tone = "info", title, children, onDismiss, dismissLabel = "Dismiss", className }: AlertProps) {
  const urgent = tone === "danger" || tone === "warning";
  return (
    <div className={cx("ui-alert", `ui-alert--${tone}`, className)} role={urgent ? "alert" : "status"}>
      <div className="ui-alert__body">
        {title ? <p className="ui-alert__title">{title}</p> : null}
        {children ? <div className="ui-alert__text">{children}</div> : null}
      </div>
      {onDismiss ? (
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {dismissLabel}
        </Button>
      ) : null}
    </div>
  );
}
