// One webhook event: what was delivered (the stored payload), how often, and
// every processing attempt. An operator may replay it; the page then follows
// the event until its processing settles.
import { isWebhookEventReplayable, WEBHOOK_IGNORED_REASONS, type WebhookIgnoredReason } from "@cobro/contracts";
import { Alert, Button, Card, LoadingState, PageHeading } from "@cobro/ui";
import { Link, useParams } from "react-router";
import type { Translate } from "../../../i18n/dictionary";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryErrorState } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { describeError } from "../../../shared/errors/describe-error";
import { FailureAlert } from "../../../shared/errors/failure-alert";
import { trpc } from "../../../trpc";
import { JsonBlock } from "../../components/json-block";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { WebhookStatusBadge } from "./webhook-status-badge";

/** The reason an event was ignored, in words; a code this page does not know (a newer server) as it is. */
function ignoredReasonWords(t: Translate, reason: string): string {
  return (WEBHOOK_IGNORED_REASONS as readonly string[]).includes(reason)
    ? t(`admin.webhooks.ignored.${reason as WebhookIgnoredReason}`)
    : reason;
}

/** While the event waits for or runs its processing, the page re-reads it this often. */
const FOLLOW_INTERVAL_MS = 1_000;

export function WebhookEventDetail() {
  const { t, language, formatDate } = useI18n();
  useDocumentTitle(t("admin.webhooks.detail.title"));
  const { eventId = "" } = useParams();
  const canReplay = useCanAct("operator");
  const utils = trpc.useUtils();
  const event = trpc.admin.webhooks.get.useQuery(
    { eventId },
    {
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        return status === "received" || status === "processing" ? FOLLOW_INTERVAL_MS : false;
      },
    },
  );
  const replay = trpc.admin.webhooks.replay.useMutation({
    onSettled: () => {
      void utils.admin.webhooks.get.invalidate({ eventId });
      void utils.admin.webhooks.list.invalidate();
    },
  });

  const back = <Link to="/admin/webhooks">{t("admin.webhooks.detail.back")}</Link>;
  if (event.isPending) return <LoadingState label={t("admin.webhooks.detail.loading")} />;
  if (event.isError) {
    return (
      <>
        <PageHeading title={t("admin.webhooks.detail.title")} actions={back} />
        <QueryErrorState title={t("admin.webhooks.detail.failed")} query={event} />
      </>
    );
  }
  const data = event.data;
  const lastAttempt = data.attemptLog.at(-1);
  const replayable = isWebhookEventReplayable(
    data.status,
    lastAttempt ? new Date(lastAttempt.startedAt) : null,
    new Date(),
  );

  return (
    <>
      <PageHeading
        title={t("admin.webhooks.detail.title")}
        description={`${data.topic} · ${data.dataId ?? "—"}`}
        actions={back}
      />
      <ReadOnlyNotice />
      <Card title={t("admin.webhooks.detail.summary")} headingLevel={2}>
        <dl className="admin-facts">
          <dt>{t("admin.webhooks.col.status")}</dt>
          <dd data-testid="webhook-status">
            <WebhookStatusBadge status={data.status} />
          </dd>
          <dt>{t("admin.webhooks.col.attempts")}</dt>
          <dd data-testid="webhook-attempts">{data.attempts}</dd>
          <dt>{t("admin.webhooks.col.deliveries")}</dt>
          <dd>{data.deliveries}</dd>
          <dt>{t("admin.webhooks.col.signature")}</dt>
          <dd>{data.signatureValid ? t("admin.webhooks.signature.valid") : t("admin.webhooks.signature.invalid")}</dd>
          <dt>{t("admin.webhooks.col.received")}</dt>
          <dd>{formatDate(data.receivedAt, "dateTime")}</dd>
          <dt>{t("admin.webhooks.detail.lastDelivered")}</dt>
          <dd>{data.lastDeliveredAt ? formatDate(data.lastDeliveredAt, "dateTime") : "—"}</dd>
          <dt>{t("admin.webhooks.detail.processedAt")}</dt>
          <dd>{data.processedAt ? formatDate(data.processedAt, "dateTime") : "—"}</dd>
          <dt>{t("admin.webhooks.detail.requestId")}</dt>
          <dd className="admin-mono">{data.requestId ?? "—"}</dd>
          {data.status === "ignored" && data.ignoredReason ? (
            <>
              <dt>{t("admin.webhooks.detail.ignoredReason")}</dt>
              <dd data-testid="webhook-ignored-reason">{ignoredReasonWords(t, data.ignoredReason)}</dd>
            </>
          ) : null}
          <dt>{t("admin.webhooks.col.lastError")}</dt>
          <dd className="admin-error-text">{data.lastError ?? "—"}</dd>
        </dl>
        {canReplay ? (
          <div className="admin-actions">
            <Button
              onClick={() => replay.mutate({ eventId })}
              busy={replay.isPending}
              busyLabel={t("admin.webhooks.replay.busy")}
              disabled={!replayable}
            >
              {t("admin.webhooks.replay.button")}
            </Button>
            <p className="admin-hint">
              {replayable ? t("admin.webhooks.replay.hint") : t("admin.webhooks.replay.notReplayable")}
            </p>
          </div>
        ) : null}
        {replay.isSuccess ? (
          <Alert
            tone={replay.data.queued ? "success" : replay.data.status === "received" ? "warning" : "info"}
            title={t(
              replay.data.queued
                ? "admin.webhooks.replay.queued"
                : replay.data.status === "received"
                  ? "admin.webhooks.replay.notQueued"
                  : "admin.webhooks.replay.nothing",
            )}
          />
        ) : null}
        {replay.isError ? <FailureAlert failure={describeError(replay.error, { t, language })} /> : null}
      </Card>
      <Card title={t("admin.webhooks.detail.attempts")} headingLevel={2}>
        {data.attemptLog.length === 0 ? (
          <p>{t("admin.webhooks.detail.noAttempts")}</p>
        ) : (
          <div className="ui-table-wrap">
            <table className="ui-table admin-table" data-testid="webhook-attempt-log">
              <thead>
                <tr>
                  <th scope="col">{t("admin.webhooks.attempt.started")}</th>
                  <th scope="col">{t("admin.webhooks.attempt.finished")}</th>
                  <th scope="col">{t("admin.webhooks.attempt.outcome")}</th>
                  <th scope="col">{t("admin.webhooks.attempt.error")}</th>
                </tr>
              </thead>
              <tbody>
                {data.attemptLog.map((attempt) => (
                  <tr key={attempt.id}>
                    <td>{formatDate(attempt.startedAt, "dateTime")}</td>
                    <td>{attempt.finishedAt ? formatDate(attempt.finishedAt, "dateTime") : "—"}</td>
                    <td>
                      {attempt.outcome ? (
                        <WebhookStatusBadge status={attempt.outcome} />
                      ) : (
                        t("admin.webhooks.attempt.running")
                      )}
                    </td>
                    <td className="admin-error-text">{attempt.error ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card title={t("admin.webhooks.detail.payload")} headingLevel={2}>
        <JsonBlock value={data.payload} label={t("admin.webhooks.detail.payload")} />
      </Card>
    </>
  );
}
