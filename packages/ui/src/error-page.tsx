import type { ReactNode } from "react";

/** The titles the server's error pages use; the web app shows the same words for the same statuses. */
export const ERROR_PAGE_TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  404: "This page could not be found",
  405: "Method Not Allowed",
  500: "Internal Server Error",
};

export const FALLBACK_ERROR_PAGE_TITLE = "An unexpected error has occurred";

/** The title for an HTTP status: one of `ERROR_PAGE_TITLES`, else `FALLBACK_ERROR_PAGE_TITLE`. */
export function errorPageTitle(status: number): string {
  return ERROR_PAGE_TITLES[status] ?? FALLBACK_ERROR_PAGE_TITLE;
}

export interface ErrorPageProps {
  status: number;
  /** The title in the visitor's language; default the server's English title for `status`. */
  title?: string;
  /** Extra help under the title (e.g. translated advice). */
  children?: ReactNode;
  /** A way out, usually a link home. */
  action?: ReactNode;
}

/** The status code beside its fixed title, as the server's own error pages show it. */
export function ErrorPage({ status, title = errorPageTitle(status), children, action }: ErrorPageProps) {
  return (
    <section className="ui-error-page" aria-labelledby="error-page-status">
      <h1 className="ui-error-page__status" id="error-page-status">
        {status}
      </h1>
      <h2 className="ui-error-page__title">{title}</h2>
      {children ? <div className="ui-error-page__body">{children}</div> : null}
      {action ? <p className="ui-error-page__action">{action}</p> : null}
    </section>
  );
}
