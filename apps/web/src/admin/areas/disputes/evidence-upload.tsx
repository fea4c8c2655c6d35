// The evidence form of a chargeback: files are checked here as the server checks them (jpg/png/pdf, 10 MB in all,
// from the shared contract) before anything is sent, confirmed in a dialog, then sent keyed by `useIntentKey` (a
// retry after an unseen answer reuses the key; a refusal or a new choice of files gets a new one).
import { EVIDENCE_MAX_FILES, EVIDENCE_MAX_TOTAL_BYTES, type EvidenceFileType, isEvidenceFile } from "@cobro/contracts";
import { Alert, Button, ConfirmDialog } from "@cobro/ui";
import { type ChangeEvent, useState } from "react";
import { useI18n } from "../../../i18n/i18n-context";
import { describeError } from "../../../shared/errors/describe-error";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { trpc } from "../../../trpc";

/** The file's bytes as base64 (the API takes JSON only), read by the browser's FileReader as a data URL. */
function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

export function EvidenceUpload({ chargebackId, onUploaded }: { chargebackId: string; onUploaded: () => void }) {
  const { t, language } = useI18n();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const intent = useIntentKey();
  const [outcome, setOutcome] = useState<"done" | "unknown" | null>(null);
  const upload = trpc.admin.disputes.uploadEvidence.useMutation();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.currentTarget.files ?? []);
    setOutcome(null);
    upload.reset();
    intent.renew();
    const wrong = chosen.find((file) => !isEvidenceFile(file.name, file.type));
    const total = chosen.reduce((sum, file) => sum + file.size, 0);
    if (wrong) setProblem(t("admin.disputes.evidence.wrongType", { name: wrong.name }));
    else if (total > EVIDENCE_MAX_TOTAL_BYTES) setProblem(t("admin.disputes.evidence.tooLarge"));
    else if (chosen.length > EVIDENCE_MAX_FILES) setProblem(t("admin.disputes.evidence.tooMany"));
    else setProblem(null);
    setFiles(chosen);
  };

  const send = async () => {
    let encoded: { name: string; type: EvidenceFileType; dataBase64: string }[];
    try {
      encoded = await Promise.all(
        files.map(async (file) => ({
          name: file.name,
          type: file.type as EvidenceFileType,
          dataBase64: await toBase64(file),
        })),
      );
    } catch {
      setProblem(t("admin.disputes.evidence.unreadable"));
      setConfirming(false);
      return;
    }
    try {
      const result = await upload.mutateAsync({ chargebackId, idempotencyKey: intent.idempotencyKey, files: encoded });
      intent.answered(result.outcome);
      setOutcome(result.outcome);
      if (result.outcome === "done") onUploaded();
    } catch (error) {
      // Shown from upload.error below; the files stay chosen so nothing is lost.
      intent.failed(error);
    } finally {
      setConfirming(false);
    }
  };

  const canSend = files.length > 0 && problem === null && !upload.isPending;
  return (
    <section aria-labelledby="evidence-heading">
      <h2 id="evidence-heading">{t("admin.disputes.evidence.title")}</h2>
      <p>{t("admin.disputes.evidence.hint")}</p>
      <label htmlFor="evidence-files">{t("admin.disputes.evidence.files")}</label>{" "}
      <input
        id="evidence-files"
        type="file"
        multiple
        accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
        onChange={choose}
        aria-describedby={problem ? "evidence-problem" : undefined}
      />
      {problem ? (
        <p id="evidence-problem" role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
      <p>
        <Button type="button" disabled={!canSend} onClick={() => setConfirming(true)}>
          {t("admin.disputes.evidence.send")}
        </Button>
      </p>
      {outcome === "done" ? <Alert tone="success">{t("admin.disputes.evidence.done")}</Alert> : null}
      {outcome === "unknown" ? <Alert tone="warning">{t("admin.disputes.evidence.unknown")}</Alert> : null}
      {upload.isError ? <Alert tone="danger">{describeError(upload.error, { t, language }).message}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        title={t("admin.disputes.evidence.confirmTitle")}
        confirmLabel={t("admin.disputes.evidence.confirm")}
        cancelLabel={t("common.cancel")}
        tone="primary"
        busy={upload.isPending}
        busyLabel={t("admin.disputes.evidence.sending")}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        {t("admin.disputes.evidence.confirmBody", { files: files.map((file) => file.name).join(", ") })}
      </ConfirmDialog>
    </section>
  );
}
