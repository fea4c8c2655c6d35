import { cx } from "./class-names";

export interface SpinnerProps {
  /** Read aloud as a status ("Loading orders…"). Omit when the surrounding text already says it. */
  label?: string;
  size?: "sm" | "md" | "lg";
  className?: string;
}

/**
 * A rotating ring. With a `label` it is a polite status region; without one it is hidden from assistive
 * technology, because then the button or state around it announces what is happening.
 */
export function Spinner({ label, size = "md", className }: SpinnerProps) {
  const classes = cx("ui-spinner", `ui-spinner--${size}`, className);
  if (label === undefined) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status" className="ui-spinner-wrap">
      <span className={classes} aria-hidden="true" />
      <span className="ui-visually-hidden">{label}</span>
    </span>
  );
}
