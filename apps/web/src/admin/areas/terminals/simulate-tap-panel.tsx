// Sandbox only: "Simulate: tap card on terminal". With the embedded sandbox no real terminal exists, so the console
// plays the buyer at the counter through the sandbox's control API (the server refuses this in live mode). The
// charge then moves as a real one would: the notification and the charge's page follow it.
import type { PointIntentView } from "@cobro/contracts";
import { Button } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import type { useOutcome } from "../admin-outcome";

const WAITING = new Set(["OPEN", "ON_TERMINAL"]);

export function SimulateTapPanel(props: {
  intents: readonly PointIntentView[];
  outcome: ReturnType<typeof useOutcome>;
}) {
  const { t, formatMoney } = useI18n();
  const utils = trpc.useUtils();
  const tap = trpc.admin.terminals.simulateTap.useMutation({
    onSettled: () => void utils.admin.terminals.intents.invalidate(),
  });
  // The terminal takes its oldest queued charge first; the list is newest first.
  const waiting = props.intents.filter((intent) => intent.state !== null && WAITING.has(intent.state)).at(-1);
  const run = (outcome: "approve" | "decline") => {
    if (!waiting) return;
    props.outcome.clear();
    tap.mutate(
      { id: waiting.id, outcome },
      {
        onSuccess: () =>
          props.outcome.succeeded(
            t(outcome === "approve" ? "admin.terminals.simulate.approved" : "admin.terminals.simulate.declined"),
          ),
        onError: props.outcome.failed,
      },
    );
  };
  return (
    <section aria-labelledby="terminal-simulate-title" className="admin-test-controls">
      <h2 id="terminal-simulate-title">{t("admin.terminals.simulate.title")}</h2>
      {waiting ? (
        <>
          <p>
            {t("admin.terminals.simulate.waiting", {
              amount: formatMoney(waiting.amount.amountMinor, waiting.amount.currency),
            })}
          </p>
          <div className="admin-actions">
            <Button disabled={tap.isPending} onClick={() => run("approve")}>
              {t("admin.terminals.simulate.approve")}
            </Button>
            <Button variant="danger" disabled={tap.isPending} onClick={() => run("decline")}>
              {t("admin.terminals.simulate.decline")}
            </Button>
          </div>
        </>
      ) : (
        <p className="admin-hint">{t("admin.terminals.simulate.none")}</p>
      )}
    </section>
  );
}
