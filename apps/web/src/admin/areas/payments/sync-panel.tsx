// The mirror's sync: when it last ran and how it went, and "Sync now" for operators.
import { Button } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";

export function SyncPanel({ canSync }: { canSync: boolean }) {
  const { t, formatDate } = useI18n();
  const utils = trpc.useUtils();
  const status = trpc.admin.payments.syncStatus.useQuery(undefined, { refetchInterval: 30_000 });
  const syncNow = trpc.admin.payments.syncNow.useMutation({
    onSuccess: () => void utils.admin.payments.syncStatus.invalidate(),
  });
  const data = status.data;
  return (
    <div className="payments-sync" aria-live="polite">
      <span>
        {status.isPending
          ? t("common.loading")
          : status.isError
            ? t("admin.payments.sync.unknown")
            : data?.lastFinishedAt
              ? t("admin.payments.sync.last", {
                  when: formatDate(data.lastFinishedAt, "dateTime"),
                  count: data.lastApplied,
                })
              : t("admin.payments.sync.never")}
      </span>
      {data?.lastError ? <span role="alert"> {t("admin.payments.sync.error", { error: data.lastError })}</span> : null}
      {canSync ? (
        <Button
          variant="secondary"
          busy={syncNow.isPending}
          busyLabel={t("admin.payments.sync.queuing")}
          onClick={() => syncNow.mutate()}
        >
          {t("admin.payments.sync.now")}
        </Button>
      ) : null}
      {syncNow.isSuccess ? <span> {t("admin.payments.sync.queued")}</span> : null}
      {syncNow.isError ? <span role="alert"> {t("admin.payments.sync.failed")}</span> : null}
    </div>
  );
}
