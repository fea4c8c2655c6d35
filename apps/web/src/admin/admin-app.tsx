// The admin console: its own lazily loaded part of the app (shoppers never
// download it). A sidebar lists the areas the signed-in staff member may use —
// an area the role cannot use is not shown, so no link leads to a 403 — and
// each area is its own route under /admin (URLs are part of the product).
import {
  ADMIN_AREAS,
  type AdminArea,
  type AdminAreaId,
  hasRoleAtLeast,
  isStaffRole,
  LEGACY_ADMIN_PATHS,
} from "@cobro/contracts";
import { LoadingState } from "@cobro/ui";
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { Navigate, NavLink, Route, Routes, useLocation } from "react-router";
import { isAdminDictionaryLoaded, loadAdminDictionary } from "../i18n/dictionaries";
import type { MessageKey } from "../i18n/dictionary";
import { useI18n } from "../i18n/i18n-context";
import { AppLayout, useCurrentUser } from "../shared/components/app-layout";
import { ErrorStatusPage } from "../shared/components/error-status-page";
import { AdminShell } from "./components/admin-shell";
import "@cobro/ui/admin.css";
import "./admin.css";
import { ConsoleSearch } from "./components/console-search";

/** Each area's page, loaded when first opened. Areas replace their placeholder as they are built. */
const AREA_PAGES: Record<AdminAreaId, ComponentType> = {
  overview: lazy(() => import("./areas/overview/overview-page")),
  payments: lazy(() => import("./areas/payments/payments-area").then((m) => ({ default: m.PaymentsArea }))),
  storeOrders: lazy(() => import("./areas/store-orders/store-orders-area")),
  orders: lazy(() => import("./areas/orders/orders-area")),
  links: lazy(() => import("./areas/links/links-area")),
  merchantOrders: lazy(() => import("./areas/merchant-orders/merchant-orders-area")),
  customers: lazy(() => import("./areas/customers/customers-area")),
  plans: lazy(() => import("./areas/plans/plans-area")),
  subscriptions: lazy(() => import("./areas/subscriptions/subscriptions-area")),
  charges: lazy(() => import("./areas/charges/charges-area")),
  disputes: lazy(() => import("./areas/disputes/disputes-area")),
  terminals: lazy(() => import("./areas/terminals/terminals-area")),
  account: lazy(() => import("./areas/mercado-pago-account/account-page")),
  webhooks: lazy(() => import("./areas/webhooks/webhooks-page")),
  audit: lazy(() => import("./areas/audit/audit-page")),
  catalog: lazy(() => import("./areas/catalog/catalog-page")),
  settings: lazy(() => import("./areas/settings/settings-page")),
  users: lazy(() => import("./areas/users/users-page")),
};
/** The console search's results (every staff role; not an area of the sidebar). */
const SearchPage = lazy(() => import("./areas/search/search-page"));

export function adminNavKey(id: AdminAreaId): MessageKey {
  return `admin.nav.${id}`;
}

function AdminAreaLinks({ areas }: { areas: readonly AdminArea[] }) {
  const { t } = useI18n();
  // The search page shows the box at its top; one box per page takes the "/" shortcut.
  const onSearchPage = useLocation().pathname.startsWith("/admin/search");
  return (
    <>
      {onSearchPage ? null : <ConsoleSearch />}
      <ul>
        {areas.map((area) => (
          <li key={area.id}>
            <NavLink to={area.path === "" ? "/admin" : `/admin/${area.path}`} end={area.path === ""}>
              {t(adminNavKey(area.id as AdminAreaId))}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}

/** An old console URL (e.g. /admin/orders/…) sent on to where its area lives now, the rest of the path and query kept. */
function LegacyPathRedirect({ from, to }: { from: string; to: string }) {
  const location = useLocation();
  const rest = location.pathname.slice(`/admin/${from}`.length);
  return <Navigate replace to={`/admin/${to}${rest}${location.search}`} />;
}

/** The console's words, loaded with the console (shoppers never download them); true once they are here. */
function useAdminDictionary(): boolean {
  const { language } = useI18n();
  const [ready, setReady] = useState(() => isAdminDictionaryLoaded(language));
  useEffect(() => {
    if (isAdminDictionaryLoaded(language)) {
      setReady(true);
      return;
    }
    let current = true;
    loadAdminDictionary(language).then(
      () => current && setReady(true),
      () => current && setReady(false),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return ready;
}

/**
 * The console for a signed-in staff member (the server already refused everyone else with a redirect or a 403), in
 * its own frame (the app draws no shop header around /admin, see app.tsx).
 */
export function AdminApp() {
  const { t } = useI18n();
  const { user, loading } = useCurrentUser();
  const wordsReady = useAdminDictionary();
  if (loading || !wordsReady) return <LoadingState label={t("common.loading")} />;
  // The server guards /admin; this only covers a session that ended while the console was open: the shop's frame.
  if (!user || !isStaffRole(user.role)) {
    return (
      <AppLayout>
        <ErrorStatusPage status={user ? 403 : 401} />
      </AppLayout>
    );
  }
  const role = user.role;
  const areas = ADMIN_AREAS.filter((area) => hasRoleAtLeast(role, area.minRole));
  return (
    <AdminShell user={user} roleLabel={t(`admin.role.${role}`)} nav={<AdminAreaLinks areas={areas} />}>
      <Suspense fallback={<LoadingState label={t("common.loading")} />}>
        <Routes>
          {areas.map((area) => {
            const Page = AREA_PAGES[area.id as AdminAreaId];
            return <Route key={area.id} path={area.path === "" ? "" : `${area.path}/*`} element={<Page />} />;
          })}
          <Route path="search" element={<SearchPage />} />
          {Object.entries(LEGACY_ADMIN_PATHS).map(([from, to]) => (
            <Route key={from} path={`${from}/*`} element={<LegacyPathRedirect from={from} to={to} />} />
          ))}
          <Route path="*" element={<ErrorStatusPage status={404} />} />
        </Routes>
      </Suspense>
    </AdminShell>
  );
}
