// What the console's account-filter tests share: one connected seller as `admin.account.accountOptions` lists it,
// and a probe that keeps the router's current address (the filter lives in the URL).
import { useLocation } from "react-router";

/** A connected seller account, active. */
export const SELLER_CONNECTION = {
  id: "00000000-0000-4000-8000-0000000000b2",
  providerUserId: 2002,
  nickname: "SELLER_B",
  status: "active",
};

let location = "";

/** Rendered beside the routes: records the current path and query. */
export function LocationProbe() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

/** The path and query the probe saw last. */
export function currentLocation(): string {
  return location;
}
