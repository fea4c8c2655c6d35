// A JSON document on show (a notification's payload, the provider's raw payment, an audit entry's details): in a
// box that scrolls when it is long or wide, which takes keyboard focus so it can be scrolled without a mouse, and is
// named so a screen reader says what it holds.
export function JsonBlock({
  value,
  label,
  className = "admin-payload",
}: {
  value: unknown;
  label: string;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to scroll it.
    <section className={className} aria-label={label} tabIndex={0}>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </section>
  );
}
