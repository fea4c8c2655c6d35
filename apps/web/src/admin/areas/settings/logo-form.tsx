// The store's logo in the console: a PNG, JPEG or WebP file of at most 512 KB, checked here first (type and size,
// so a wrong file is named before it is sent) and again by the server by its bytes. Sent as base64 in JSON, the
// only body the /api filter accepts.
import { STORE_LOGO_CONTENT_TYPES, STORE_LOGO_MAX_BYTES, type StoreSettings, storeLogoPath } from "@cobro/contracts";
import { Alert, Button, Card } from "@cobro/ui";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "../../../i18n/i18n-context";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";

/** The file's bytes as base64 (without the data-URL prefix). */
function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export interface LogoFormProps {
  settings: StoreSettings;
  onSaved: (result: { settings: StoreSettings; version: number }, message: string) => void;
}

export function LogoForm({ settings, onSaved }: LogoFormProps) {
  const { t, language } = useI18n();
  const upload = trpc.admin.settings.uploadLogo.useMutation();
  const remove = trpc.admin.settings.removeLogo.useMutation();
  const form = useForm<{ logo: FileList | null }>({ defaultValues: { logo: null } });
  const error = form.formState.errors.logo?.message ?? null;
  const setError = (message: string | null) =>
    message === null ? form.clearErrors("logo") : form.setError("logo", { message });
  const fileId = useId();
  const errorId = useId();

  const send = form.handleSubmit(async ({ logo }) => {
    setError(null);
    const file = logo?.[0];
    if (!file) return setError(t("admin.settings.logo.chooseFile"));
    if (!(STORE_LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      return setError(t("admin.settings.logo.wrongType"));
    }
    if (file.size > STORE_LOGO_MAX_BYTES) return setError(t("admin.settings.logo.tooLarge"));
    try {
      const result = await upload.mutateAsync({ logo: await readBase64(file) });
      form.reset();
      onSaved(result, t("admin.settings.logo.uploaded"));
    } catch (failure) {
      setError(describeError(failure, { t, language }).message);
    }
  });

  const clear = async () => {
    setError(null);
    try {
      onSaved(await remove.mutateAsync(), t("admin.settings.logo.removed"));
    } catch (failure) {
      setError(describeError(failure, { t, language }).message);
    }
  };

  return (
    <Card title={t("admin.settings.logo.title")}>
      <p className="ui-field__description">{t("admin.settings.logo.hint")}</p>
      {settings.logo ? (
        <figure className="admin-logo-preview">
          <img src={storeLogoPath(settings.logo)} alt={t("admin.settings.logo.current")} height={48} />
        </figure>
      ) : (
        <p>{t("admin.settings.logo.none")}</p>
      )}
      <form
        className="ui-form"
        noValidate
        aria-label={t("admin.settings.logo.title")}
        onSubmit={(event) => void send(event)}
      >
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={fileId}>
            {t("admin.settings.logo.file")}
          </label>
          <input
            id={fileId}
            type="file"
            accept={STORE_LOGO_CONTENT_TYPES.join(",")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...form.register("logo", { onChange: () => setError(null) })}
          />
        </div>
        {error ? (
          <div id={errorId}>
            <Alert tone="danger" title={error} />
          </div>
        ) : null}
        <div className="admin-form-actions">
          <Button type="submit" busy={upload.isPending} busyLabel={t("admin.settings.logo.uploading")}>
            {t("admin.settings.logo.upload")}
          </Button>
          {settings.logo ? (
            <Button
              type="button"
              variant="secondary"
              busy={remove.isPending}
              busyLabel={t("admin.settings.saving")}
              onClick={() => void clear()}
            >
              {t("admin.settings.logo.remove")}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
