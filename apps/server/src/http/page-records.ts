// The records behind dynamic page paths: /products/:slug names a product and
// /plans/:id a provider plan. A page whose record does not exist is a 404.
import type { PageRouteMatch } from "@cobro/contracts";
import type { AppDeps } from "../deps";
import { productExists } from "../domain/catalog/product-exists";
import { planExists } from "../domain/subscriptions/plan-exists";

/** Whether the record `match` names exists; true for routes without one. */
export async function pageRecordExists(options: {
  deps: Pick<AppDeps, "db" | "provider">;
  match: PageRouteMatch;
}): Promise<boolean> {
  const resource = options.match.route.resource;
  if (!resource) return true;
  const value = options.match.params[resource.param] ?? "";
  switch (resource.kind) {
    case "product":
      return productExists({ db: options.deps.db, slug: value });
    case "plan":
      return planExists({ deps: options.deps, planId: value });
  }
}
