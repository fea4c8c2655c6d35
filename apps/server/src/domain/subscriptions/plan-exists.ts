// Whether a plan page has something to show: the provider knows an active
// plan with that id (the same lookup the page itself makes, through getPlan).
// The server answers /plans/<id> with a 404 when it does not.

import type { AppDeps } from "../../deps";
import { isAppError } from "../../errors/app-error";
import { getPlan } from "./get-plan";

/**
 * `true` for an active plan, `false` for an unknown or inactive one (the
 * provider's 404, or a 400 for an id it cannot even parse). When the provider
 * cannot answer (timeout, 5xx) this returns `true`: the page then loads and
 * shows its own error state with a retry, instead of a 404 for a plan that may
 * well exist.
 */
export async function planExists(options: { deps: Pick<AppDeps, "provider">; planId: string }): Promise<boolean> {
  try {
    await getPlan(options);
    return true;
  } catch (error) {
    if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) return false;
    return true;
  }
}
