// The areas of the admin console and the least staff role each needs. The
// console's sidebar shows only the areas the signed-in role may use (no link
// may lead to a 403), and the server's procedures guard the same roles.
import type { StaffRole } from "./account";

export interface AdminArea {
  /** Stable id (also the dictionary key `admin.nav.<id>`). */
  readonly id: string;
  /** Path under the console, relative to `/admin` ("" is the overview). */
  readonly path: string;
  /** The least role that may open it. */
  readonly minRole: StaffRole;
}

export const ADMIN_AREAS = [
  { id: "overview", path: "", minRole: "viewer" },
  { id: "payments", path: "payments", minRole: "viewer" },
  // The shop's orders (its checkouts); what a merchant means by "orders".
  { id: "storeOrders", path: "store-orders", minRole: "viewer" },
  // The virtual terminal (charges on the provider's Orders API); /admin/orders redirects here (LEGACY_ADMIN_PATHS).
  { id: "orders", path: "virtual-terminal", minRole: "viewer" },
  { id: "links", path: "links", minRole: "viewer" },
  { id: "merchantOrders", path: "merchant-orders", minRole: "viewer" },
  { id: "customers", path: "customers", minRole: "viewer" },
  { id: "plans", path: "plans", minRole: "viewer" },
  { id: "subscriptions", path: "subscriptions", minRole: "viewer" },
  { id: "charges", path: "charges", minRole: "viewer" },
  { id: "disputes", path: "disputes", minRole: "viewer" },
  { id: "terminals", path: "terminals", minRole: "viewer" },
  { id: "webhooks", path: "webhooks", minRole: "viewer" },
  { id: "audit", path: "audit", minRole: "viewer" },
  { id: "catalog", path: "catalog", minRole: "viewer" },
  { id: "account", path: "account", minRole: "admin" },
  { id: "settings", path: "settings", minRole: "admin" },
  { id: "users", path: "users", minRole: "admin" },
] as const satisfies readonly AdminArea[];

/** Console paths that moved, old → new; links and bookmarks to the old one keep working. */
export const LEGACY_ADMIN_PATHS: Readonly<Record<string, string>> = { orders: "virtual-terminal" };

export type AdminAreaId = (typeof ADMIN_AREAS)[number]["id"];

/** The console URL of an area: `adminAreaUrl("payments")` → "/admin/payments". */
export function adminAreaUrl(id: AdminAreaId): string {
  const area = ADMIN_AREAS.find((candidate) => candidate.id === id);
  return area && area.path !== "" ? `/admin/${area.path}` : "/admin";
}
