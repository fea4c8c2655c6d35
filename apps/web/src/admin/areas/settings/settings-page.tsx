// /admin/settings (admins only): the store's identity (name, statement descriptor, e-mail sender, brand colour,
// logo) and how card payments are captured. The values live in the database; saving applies on every server
// instance at once (the capture mode after a confirmation, to the next card payment).
import { CARD_CAPTURE_MODES, type CardCaptureMode } from "@cobro/contracts";
import { Button, Card, ConfirmDialog, LoadingState, PageHeading } from "@cobro/ui";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { MessageKey } from "../../../i18n/dictionary";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryErrorState } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { trpc } from "../../../trpc";
import { OutcomeAlert, useOutcome } from "../admin-outcome";
import { IdentityForm } from "./identity-form";
import { LogoForm } from "./logo-form";

const CAPTURE_LABELS: Record<CardCaptureMode, { label: MessageKey; hint: MessageKey }> = {
  automatic: { label: "admin.settings.capture.automatic", hint: "admin.settings.capture.automaticHint" },
  manual: { label: "admin.settings.capture.manual", hint: "admin.settings.capture.manualHint" },
};

export function SettingsPage() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.settings.title"));
  const settings = trpc.admin.settings.get.useQuery();
  const update = trpc.admin.settings.update.useMutation();
  const utils = trpc.useUtils();
  const { outcome, succeeded, failed, clear } = useOutcome();
  const [confirming, setConfirming] = useState(false);
  const current = settings.data?.settings.cardCapture;
  // The choice starts at (and, once saved, returns to) what the server holds.
  const form = useForm<{ cardCapture: CardCaptureMode }>(current ? { values: { cardCapture: current } } : {});
  const selected = useWatch({ control: form.control, name: "cardCapture" }) ?? current;

  // The shop's header, titles and accent read `system.storeIdentity`: refresh it with the settings.
  const applied = (result: { settings: NonNullable<typeof settings.data>["settings"]; version: number }) => {
    utils.admin.settings.get.setData(undefined, { settings: result.settings, version: result.version });
    void utils.system.storeIdentity.invalidate();
  };

  const save = async () => {
    if (!selected) return;
    try {
      const result = await update.mutateAsync({ cardCapture: selected });
      utils.admin.settings.get.setData(undefined, { settings: result.settings, version: result.version });
      form.reset({ cardCapture: result.settings.cardCapture });
      succeeded(result.changed.length > 0 ? t("admin.settings.saved") : t("admin.settings.unchanged"));
    } catch (error) {
      failed(error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <PageHeading title={t("admin.settings.title")} />
      <OutcomeAlert outcome={outcome} onDismiss={clear} />
      {settings.isPending ? (
        <LoadingState label={t("admin.settings.loading")} />
      ) : settings.isError ? (
        <QueryErrorState title={t("admin.settings.failed")} query={settings} />
      ) : (
        <>
          <IdentityForm
            settings={settings.data.settings}
            onSaved={(result) => {
              applied(result);
              succeeded(result.changed.length > 0 ? t("admin.settings.identity.saved") : t("admin.settings.unchanged"));
            }}
          />
          <LogoForm
            settings={settings.data.settings}
            onSaved={(result, message) => {
              applied(result);
              succeeded(message);
            }}
          />
          <Card>
            <form
              className="ui-form"
              onSubmit={(event) =>
                void form.handleSubmit(({ cardCapture }) => {
                  if (cardCapture === current) succeeded(t("admin.settings.unchanged"));
                  else setConfirming(true);
                })(event)
              }
            >
              <fieldset className="admin-choices">
                <legend>{t("admin.settings.capture.legend")}</legend>
                {CARD_CAPTURE_MODES.map((mode) => (
                  <label key={mode} className="admin-choice">
                    <input
                      type="radio"
                      value={mode}
                      {...form.register("cardCapture")}
                      aria-describedby={`capture-${mode}-hint`}
                    />
                    <span>
                      <strong>{t(CAPTURE_LABELS[mode].label)}</strong>
                      <span id={`capture-${mode}-hint`} className="admin-choice__hint">
                        {t(CAPTURE_LABELS[mode].hint)}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <Button type="submit" busy={update.isPending} busyLabel={t("admin.settings.saving")}>
                {t("admin.settings.save")}
              </Button>
            </form>
          </Card>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("admin.settings.confirmTitle")}
        confirmLabel={t("admin.settings.confirm")}
        cancelLabel={t("common.cancel")}
        tone="primary"
        busy={update.isPending}
        busyLabel={t("admin.settings.saving")}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      >
        {t("admin.settings.confirmBody")}
      </ConfirmDialog>
    </>
  );
}

export default SettingsPage;
