// Following one charge on a terminal live (the console's server-sent events stream).
//
// Several server instances share one PostgreSQL, and the `point_integration_wh` notification that moves an
// intent may be processed by any of them. So the stream learns of changes through the database: it re-reads
// the intent's row by primary key every `dbEveryMs` (one indexed read; the notification job, another page's
// re-read or this stream's own provider read all end in that row) and sends the view when it changed. Because
// the notification may never come, while the intent is not final the stream also re-reads it from the provider
// every `providerEveryMs` (gently: far less often than the page used to poll, and never two at a time). The
// stream ends when the intent is final, or when the client goes away (`signal`).
import type { PointIntentView } from "@cobro/contracts";
import { AppError } from "../../errors/app-error";
import { pointIntentRows, refreshPointIntent, toPointIntentView } from "./point-intents";
import type { TerminalDeps } from "./terminal-devices";

/** How often the stream re-reads the intent's row (a primary-key read). */
export const FOLLOW_DB_EVERY_MS = 1_000;
/** How often the stream asks the provider while the intent is not final (the notification may never come). */
export const FOLLOW_PROVIDER_EVERY_MS = 5_000;

export interface FollowPointIntentOptions {
  deps: Pick<TerminalDeps, "db" | "provider" | "now" | "jobs" | "logger">;
  /** Cobro's row id of the intent. */
  id: string;
  /** Aborted when the client goes away. */
  signal?: AbortSignal | undefined;
  dbEveryMs?: number;
  providerEveryMs?: number;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * Yields the intent as the page shows it: at once, then each time it changes, ending after the final state.
 * Throws NOT_FOUND before the first value when there is no such intent.
 *
 *   for await (const view of followPointIntent({ deps, id, signal })) send(view);
 */
export async function* followPointIntent(options: FollowPointIntentOptions): AsyncGenerator<PointIntentView> {
  const { deps, id, signal } = options;
  const dbEveryMs = options.dbEveryMs ?? FOLLOW_DB_EVERY_MS;
  const providerEveryMs = options.providerEveryMs ?? FOLLOW_PROVIDER_EVERY_MS;
  const readRow = () => pointIntentRows(deps.db).where("point_intents.id", "=", id).executeTakeFirst();

  const first = await readRow();
  if (!first) throw new AppError("NOT_FOUND", "The charge was not found.", { reason: "not_found", field: "id" });
  let view = await toPointIntentView(deps, first);
  let sent = JSON.stringify(view);
  yield view;

  let lastProviderRead = Date.now();
  let providerRead: Promise<void> | null = null;
  while (!view.final && !signal?.aborted) {
    await sleep(dbEveryMs, signal);
    if (signal?.aborted) return;
    if (providerRead === null && view.intentId !== null && Date.now() - lastProviderRead >= providerEveryMs) {
      lastProviderRead = Date.now();
      // Not awaited by the loop: a slow provider never holds the database re-reads back. Its result lands in the
      // row, which the next re-read sends.
      providerRead = refreshPointIntent({ deps, id })
        .then(() => undefined)
        .catch((error: unknown) => {
          deps.logger.warn({ err: error, pointIntentId: id }, "point intent re-read failed while following it");
        })
        .finally(() => {
          providerRead = null;
        });
    }
    const row = await readRow();
    if (!row) return;
    const next = await toPointIntentView(deps, row);
    const text = JSON.stringify(next);
    if (text !== sent) {
      view = next;
      sent = text;
      yield view;
    }
  }
}
