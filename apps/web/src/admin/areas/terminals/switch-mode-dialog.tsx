// Switch a terminal between PDV and STANDALONE (operators). provider: the terminal takes the new mode only after
// it restarts — the dialog says so before, and the outcome says so after. A connected seller's terminal is switched
// on that seller's account (`account`, sent again by "Try again").
import { Alert, ConfirmDialog } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { useModeLabel } from "./terminal-words";

export function SwitchModeDialog({
  deviceId,
  to,
  account,
  onClose,
  onDone,
}: {
  deviceId: string;
  to: "PDV" | "STANDALONE";
  /** A connection's id for a seller's terminal; omitted for the store's own. */
  account?: string;
  onClose(): void;
  onDone(message: string): void;
}) {
  const { t, language } = useI18n();
  const modeLabel = useModeLabel();
  const utils = trpc.useUtils();
  const setMode = trpc.admin.terminals.setMode.useMutation({
    onSettled: () => void utils.admin.terminals.devices.invalidate(),
  });
  const confirm = () => {
    if (setMode.isPending) return;
    setMode.mutate(
      { deviceId, operatingMode: to, ...(account ? { account } : {}) },
      {
        onSuccess: (result) =>
          onDone(t("admin.terminals.switch.done", { device: deviceId, mode: modeLabel(result.operatingMode) })),
      },
    );
  };
  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t("admin.terminals.switch.title", { device: deviceId, mode: modeLabel(to) })}
      confirmLabel={t("admin.terminals.switch.confirm")}
      cancelLabel={t("admin.terminals.cancel")}
      busy={setMode.isPending}
      busyLabel={t("admin.terminals.working")}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>{to === "PDV" ? t("admin.terminals.switch.pdvHint") : t("admin.terminals.switch.standaloneHint")}</p>
      <Alert tone="warning">{t("admin.terminals.switch.body")}</Alert>
      {setMode.isError ? <Alert tone="danger">{describeError(setMode.error, { t, language }).message}</Alert> : null}
    </ConfirmDialog>
  );
}
