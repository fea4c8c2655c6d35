// The console's own frame, not the shop's: a header with the store's name, who is signed in, the language, a way
// back to the store and sign out (no cart: staff do not shop here), the areas in a sidebar, and the one <main>. On
// a phone the sixteen areas would fill the first screen, so they fold behind a menu button (admin.css switches at
// 48rem); choosing an area or pressing Escape folds them again.
import { MAIN_CONTENT_ID } from "@cobro/ui";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { LanguageSwitcher } from "../../i18n/language-switcher";
import { SignOutButton, useFocusMainOnNavigation } from "../../shared/components/app-layout";
import { useStoreIdentity } from "../../shared/components/store-identity";

const SIDEBAR_ID = "admin-sidebar";

export interface AdminShellProps {
  /** The signed-in staff member, shown in the header. */
  user: { name: string; email: string; role: string };
  /** The role's words ("Admin"), beside the name. */
  roleLabel: string;
  /** The areas' links (a list). */
  nav: ReactNode;
  children: ReactNode;
}

export function AdminShell({ user, roleLabel, nav, children }: AdminShellProps) {
  const { t } = useI18n();
  const store = useStoreIdentity();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useFocusMainOnNavigation();
  // A chosen area closes the menu (on a laptop it is always shown, so this changes nothing there).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change, by design.
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <div className="admin-shell">
      <a className="ui-skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t("layout.skipToContent")}
      </a>
      <header className="admin-header">
        <button
          type="button"
          className="admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls={SIDEBAR_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className="admin-menu-button__icon" />
          {t("admin.shell.menu")}
        </button>
        <Link className="admin-brand" to="/admin">
          {store.name} <span className="admin-brand__part">{t("admin.shell.title")}</span>
        </Link>
        <div className="admin-header__tools">
          <p className="admin-header__user" title={user.email}>
            <span className="ui-visually-hidden">{t("admin.shell.signedInAs")} </span>
            <span className="admin-header__name">{user.name}</span>{" "}
            <span className="admin-header__role">{roleLabel}</span>
          </p>
          <LanguageSwitcher />
          <Link className="admin-header__store" to="/">
            {t("admin.shell.backToStore")}
          </Link>
          <SignOutButton />
        </div>
      </header>
      <div className="admin-body">
        <nav
          id={SIDEBAR_ID}
          className="admin-sidebar"
          data-open={menuOpen ? "true" : undefined}
          aria-label={t("admin.nav.label")}
        >
          {nav}
        </nav>
        <main className="admin-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
