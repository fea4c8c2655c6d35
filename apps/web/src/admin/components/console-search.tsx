// The console's one search box: type an id, an e-mail, a reference or a card's last four and press Enter to open
// /admin/search?q=… (grouped results). "/" focuses it from anywhere in the console, as in Stripe's dashboard and
// GitHub, unless the key is typed into another field. Exported for the console's header; the search page shows it
// at its top.
import { SEARCH_QUERY_MAX } from "@cobro/contracts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../../i18n/i18n-context";

export interface ConsoleSearchProps {
  /** The query to start from (the search page passes the one in its URL). */
  initialQuery?: string;
  /** Whether "/" focuses this box (one box per page should take it). Default true. */
  shortcut?: boolean;
}

/** True when a key typed there belongs to that element (a field, an editable area), not to the page. */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

export function ConsoleSearch({ initialQuery = "", shortcut = true }: ConsoleSearchProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  useEffect(() => setQuery(initialQuery), [initialQuery]);
  useEffect(() => {
    if (!shortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || typesText(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [shortcut]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q === "") {
      input.current?.focus();
      return;
    }
    navigate(`/admin/search?${new URLSearchParams({ q })}`);
  };
  return (
    <search className="console-search">
      <form onSubmit={submit} noValidate>
        <label htmlFor="console-search-q" className="console-search-label">
          {t("admin.search.label")}
        </label>
        <input
          ref={input}
          id="console-search-q"
          name="q"
          type="search"
          value={query}
          maxLength={SEARCH_QUERY_MAX}
          autoComplete="off"
          enterKeyHint="search"
          aria-keyshortcuts={shortcut ? "/" : undefined}
          placeholder={t("admin.search.placeholder")}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
    </search>
  );
}
