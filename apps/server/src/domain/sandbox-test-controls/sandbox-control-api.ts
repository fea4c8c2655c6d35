// The sandbox's control API (`/__sandbox/…`, packages/provider-sandbox README), which the console's test controls
// use to play what the provider's side does: a card tapped on a terminal, a notification sent. Only in sandbox mode:
// with real credentials there is no control API, and these controls must never pretend otherwise.
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";

/** Refuses a test control when the server runs against live Mercado Pago (a 403 the console explains). */
export function assertSandboxMode(deps: Pick<AppDeps, "providerSettings">): void {
  if (deps.providerSettings.mode !== "sandbox") {
    throw new AppError(
      "FORBIDDEN",
      "Test controls work only with the sandbox; this server uses live Mercado Pago credentials.",
      { reason: "sandbox_only" },
    );
  }
}

/** POSTs to a control endpoint of the sandbox; a refusal is a 409 carrying the sandbox's own message. */
export async function postSandboxControl(
  deps: Pick<AppDeps, "providerSettings">,
  path: `/__sandbox/${string}`,
  body: Record<string, unknown>,
): Promise<unknown> {
  assertSandboxMode(deps);
  let response: Response;
  try {
    response = await fetch(`${deps.providerSettings.apiUrl.replace(/\/+$/, "")}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new AppError("PROVIDER_UNAVAILABLE", "The sandbox did not answer. Try again.", { cause: error });
  }
  const text = await response.text();
  const parsed: unknown = text === "" ? null : safeJson(text);
  if (!response.ok) {
    const message =
      typeof parsed === "object" && parsed !== null && typeof (parsed as { message?: unknown }).message === "string"
        ? (parsed as { message: string }).message
        : `status ${response.status}`;
    throw new AppError("CONFLICT", `The sandbox refused: ${message}`);
  }
  return parsed;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
