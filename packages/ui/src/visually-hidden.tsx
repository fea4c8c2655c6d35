import type { ComponentPropsWithRef } from "react";
import { cx } from "./class-names";

/** Text for screen readers only (hidden visually, still read aloud). */
export function VisuallyHidden({ className, ...rest }: ComponentPropsWithRef<"span">) {
  return <span className={cx("ui-visually-hidden", className)} {...rest} />;
}
