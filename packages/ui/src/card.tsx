import type { ReactNode } from "react";
import { cx } from "./class-names";
import { useDomId } from "./dom-id";
import { Heading, type HeadingLevel } from "./heading";

export interface CardProps {
  title?: ReactNode;
  headingLevel?: HeadingLevel;
  /** Content under the body, e.g. actions. */
  footer?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A bordered panel; with a title it is a labelled region of the page. */
export function Card({ title, headingLevel = 2, footer, className, children }: CardProps) {
  const headingId = useDomId("card");
  return (
    <section className={cx("ui-card", className)} aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <Heading level={headingLevel} id={headingId} className="ui-card__title">
          {title}
        </Heading>
      ) : null}
      <div className="ui-card__body">{children}</div>
      {footer ? <div className="ui-card__footer">{footer}</div> : null}
    </section>
  );
}
