import type { ReactNode } from "react";

/** The id of the `<main>` landmark; the skip link points here. */
export const MAIN_CONTENT_ID = "main-content";

export interface PageLayoutProps {
  /** The site name, usually a link home. */
  brand: ReactNode;
  /** Accessible name of the navigation landmark ("Main"). */
  navLabel: string;
  /** The navigation's items (a list of links). */
  nav: ReactNode;
  /** Controls at the end of the header: the language switcher, the cart link. */
  tools?: ReactNode;
  /** "Skip to content": the first thing keyboard users reach. */
  skipLinkLabel: string;
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every page: skip link, header with brand, navigation and tools, the one `<main>` landmark and an
 * optional footer. `<main>` is focusable (`tabIndex={-1}`) so the skip link and route changes can move focus there.
 */
export function PageLayout({ brand, navLabel, nav, tools, skipLinkLabel, footer, children }: PageLayoutProps) {
  return (
    <div className="ui-layout">
      <a className="ui-skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {skipLinkLabel}
      </a>
      <header className="ui-header">
        <div className="ui-header__inner">
          <div className="ui-header__brand">{brand}</div>
          <nav className="ui-nav" aria-label={navLabel}>
            {nav}
          </nav>
          {tools ? <div className="ui-header__tools">{tools}</div> : null}
        </div>
      </header>
      <main className="ui-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      {footer ? <footer className="ui-footer">{footer}</footer> : null}
    </div>
  );
}

export interface PageHeadingProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
}

/** The `<h1>` of a page with an optional lead paragraph and actions. */
export function PageHeading({ title, description, actions }: PageHeadingProps) {
  return (
    <div className="ui-page-heading">
      <div>
        <h1 className="ui-page-heading__title">{title}</h1>
        {description ? <p className="ui-page-heading__description">{description}</p> : null}
      </div>
      {actions ? <div className="ui-page-heading__actions">{actions}</div> : null}
    </div>
  );
}
