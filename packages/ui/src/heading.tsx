import type { ReactNode } from "react";

export type HeadingLevel = 1 | 2 | 3 | 4;

export interface HeadingProps {
  level: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}

/** A heading whose level the caller picks, so components fit any page outline. */
export function Heading({ level, id, className, children }: HeadingProps) {
  switch (level) {
    case 1:
      return (
        <h1 id={id} className={className}>
          {children}
        </h1>
      );
    case 2:
      return (
        <h2 id={id} className={className}>
          {children}
        </h2>
      );
    case 3:
      return (
        <h3 id={id} className={className}>
          {children}
        </h3>
      );
    default:
      return (
        <h4 id={id} className={className}>
          {children}
        </h4>
      );
  }
}
