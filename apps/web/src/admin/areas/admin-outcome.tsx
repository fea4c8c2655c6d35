// What the console's areas share: the outcome of the last action (success or
// failure, announced), and the role names.
import type { UserRole } from "@cobro/contracts";
import { Alert } from "@cobro/ui";
import { useState } from "react";
import type { MessageKey } from "../../i18n/dictionary";
import { useI18n } from "../../i18n/i18n-context";
import { describeError } from "../../shared/errors/describe-error";

export type Outcome = { tone: "success" | "danger"; message: string } | null;

/** The last action's outcome and setters for success and failure (the failure in the reader's words). */
export function useOutcome() {
  const { t, language } = useI18n();
  const [outcome, setOutcome] = useState<Outcome>(null);
  return {
    outcome,
    clear: () => setOutcome(null),
    succeeded: (message: string) => setOutcome({ tone: "success", message }),
    failed: (error: unknown) => setOutcome({ tone: "danger", message: describeError(error, { t, language }).message }),
  };
}

export function OutcomeAlert({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const { t } = useI18n();
  if (!outcome) return null;
  return <Alert tone={outcome.tone} title={outcome.message} onDismiss={onDismiss} dismissLabel={t("common.close")} />;
}

export function roleKey(role: UserRole): MessageKey {
  return `admin.role.${role}`;
}
