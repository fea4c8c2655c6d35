import type { ReactNode } from "react";
import { cx } from "./class-names";

/** Colour families; the text itself always says the status, colour only repeats it. */
export type Tone = "success" | "warning" | "danger" | "info" | "neutral";

export interface StatusBadgeProps {
  tone: Tone;
  children: ReactNode;
  className?: string;
}

/** A small label for a status ("Approved", "Pending"). */
export function StatusBadge({ tone, children, className }: StatusBadgeProps) {
  return <span className={cx("ui-badge", `ui-badge--${tone}`, className)}>{children}</span>;
}
