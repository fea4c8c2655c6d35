// The /admin/* route: the admin console (its own chunk; see admin/admin-app.tsx).
export { AdminApp as AdminPage } from "../admin/admin-app";
