// /admin/disputes/:chargebackId: one chargeback re-read from the provider (coverage, whether documentation is
// required and until when, the documents it holds), Cobro's uploads, and the evidence form for operators.
import { chargebackIdSchema } from "@cobro/contracts";
import { Card, ErrorState, LoadingState, Money, PageHeading } from "@cobro/ui";
import { Link, useParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { canActOnPayments } from "../payments/payment-permissions";
import { ReadOnlyNotice } from "../read-only-notice";
import { useDocumentationStatusLabel } from "./disputes-list-page";
import { EvidenceUpload } from "./evidence-upload";

export function DisputeDetailPage() {
  const { t, language, formatDate, moneyLocaleFor } = useI18n();
  const { user } = useCurrentUser();
  const statusLabel = useDocumentationStatusLabel();
  const idText = useParams().chargebackId ?? "";
  const valid = chargebackIdSchema.safeParse(idText).success;
  const detail = trpc.admin.disputes.get.useQuery({ chargebackId: idText }, { enabled: valid });

  if (!valid) return <ErrorStatusPage status={404} />;
  if (detail.isPending) return <LoadingState label={t("common.loading")} />;
  if (detail.isError) {
    return (
      <section>
        <p>
          <Link to="/admin/disputes">{t("admin.disputes.back")}</Link>
        </p>
        <ErrorState
          title={t("admin.disputes.detailFailed")}
          message={describeError(detail.error, { t, language }).message}
          onRetry={() => void detail.refetch()}
          retryLabel={t("common.retry")}
          retrying={detail.isFetching}
        />
      </section>
    );
  }
  const chargeback = detail.data;
  const yesNo = (value: boolean | null) =>
    value === null ? t("admin.disputes.undecided") : value ? t("admin.disputes.yes") : t("admin.disputes.no");

  return (
    <section>
      <p>
        <Link to="/admin/disputes">{t("admin.disputes.back")}</Link>
      </p>
      <PageHeading title={t("admin.disputes.detailTitle", { id: chargeback.id })} />
      <ReadOnlyNotice />
      <Card>
        <dl className="admin-facts">
          <dt>{t("admin.disputes.col.amount")}</dt>
          <dd>
            <Money {...chargeback.amount} locale={moneyLocaleFor(chargeback.amount.currency)} />
          </dd>
          <dt>{t("admin.disputes.col.reason")}</dt>
          <dd>{chargeback.reason ?? "—"}</dd>
          <dt>{t("admin.disputes.col.payment")}</dt>
          <dd>
            {chargeback.paymentId ? (
              <Link to={`/admin/payments/${chargeback.paymentId}`}>{chargeback.paymentId}</Link>
            ) : (
              "—"
            )}
          </dd>
          <dt>{t("admin.disputes.coverageEligible")}</dt>
          <dd>{yesNo(chargeback.coverageEligible)}</dd>
          <dt>{t("admin.disputes.coverageApplied")}</dt>
          <dd>{yesNo(chargeback.coverageApplied)}</dd>
          <dt>{t("admin.disputes.documentationRequired")}</dt>
          <dd>{yesNo(chargeback.documentationRequired)}</dd>
          <dt>{t("admin.disputes.col.deadline")}</dt>
          <dd data-testid="dispute-deadline">
            {chargeback.deadline ? formatDate(chargeback.deadline, "dateTime") : "—"}
          </dd>
          <dt>{t("admin.disputes.col.status")}</dt>
          <dd data-testid="dispute-status">{statusLabel(chargeback.documentationStatus)}</dd>
        </dl>
      </Card>
      <h2>{t("admin.disputes.documents")}</h2>
      {chargeback.documents.length === 0 ? (
        <p>{t("admin.disputes.noDocuments")}</p>
      ) : (
        <ul aria-label={t("admin.disputes.documents")}>
          {chargeback.documents.map((doc, index) => (
            // The provider's list has no ids; its order is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: documents are only appended
            <li key={index}>{doc.description ?? doc.type ?? "—"}</li>
          ))}
        </ul>
      )}
      {chargeback.uploads.length > 0 ? (
        <>
          <h2>{t("admin.disputes.uploads")}</h2>
          <ul aria-label={t("admin.disputes.uploads")}>
            {chargeback.uploads.map((upload) => (
              <li key={upload.id}>
                {formatDate(upload.createdAt, "dateTime")}: {upload.files.map((file) => file.name).join(", ")} —{" "}
                {t(`admin.disputes.upload.${upload.status}`)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {user && canActOnPayments(user.role) ? (
        chargeback.canUpload ? (
          <EvidenceUpload chargebackId={chargeback.id} onUploaded={() => void detail.refetch()} />
        ) : (
          <p>{t("admin.disputes.uploadClosed")}</p>
        )
      ) : null}
    </section>
  );
}
