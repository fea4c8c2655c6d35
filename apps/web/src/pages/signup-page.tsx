import { Alert, Button, Card, FormErrorSummary, PageHeading, TextField } from "@cobro/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { safeNextPath } from "../auth/safe-next";
import { useCurrentUser } from "../components/app-layout";
import { useDocumentTitle } from "../components/use-document-title";
import { describeError, type UserFacingError } from "../errors/describe-error";
import {
  type FieldMessages,
  type FormFieldErrors,
  serverFieldErrors,
  toSummaryErrors,
  validateForm,
} from "../forms/form-errors";
import { useI18n } from "../i18n/i18n-context";
import { PASSWORD_MIN_LENGTH, signUpFormSchema } from "../schemas";
import { trpc } from "../trpc";

const MESSAGES: FieldMessages = {
  name: "auth.error.name",
  email: "auth.error.email",
  password: "auth.error.newPassword",
};
const IDS: Readonly<Record<string, string>> = {
  name: "signup-name",
  email: "signup-email",
  password: "signup-password",
};

/** `/signup`: name, email and password; signs the new shopper in and goes to `next`. */
export function SignupPage() {
  const { t, language } = useI18n();
  useDocumentTitle(t("page.signup.title"));
  const [search] = useSearchParams();
  const next = safeNextPath(search.get("next"));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const { user } = useCurrentUser();
  const [values, setValues] = useState({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const signUp = trpc.auth.signUp.useMutation();
  const inFlight = useRef(false);
  const justSignedUp = useRef(false);

  if (user && !justSignedUp.current) return <Navigate to={next} replace />;

  const set = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validateForm(signUpFormSchema, values, MESSAGES, t);
    setErrors(checked.success ? {} : checked.errors);
    setFailure(null);
    if (!checked.success) return;
    inFlight.current = true;
    try {
      const { user: created } = await signUp.mutateAsync(checked.data);
      justSignedUp.current = true;
      queryClient.clear();
      utils.auth.me.setData(undefined, { user: created });
      await navigate(next, { replace: true });
    } catch (error) {
      const described = describeError(error, { t, language });
      setFailure(described);
      setErrors(
        described.appCode === "CONFLICT"
          ? { email: t("auth.error.emailTaken") }
          : serverFieldErrors(described, MESSAGES, { t, language }),
      );
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      <PageHeading title={t("page.signup.title")} />
      <Card className="ui-narrow">
        <form className="ui-form" noValidate onSubmit={submit}>
          <FormErrorSummary title={t("errors.summaryTitle")} errors={toSummaryErrors(errors, (path) => IDS[path])} />
          {failure && Object.keys(errors).length === 0 ? <Alert tone="danger" title={failure.message} /> : null}
          <TextField
            id="signup-name"
            label={t("auth.name")}
            autoComplete="name"
            required
            value={values.name}
            error={errors.name}
            onChange={set("name")}
          />
          <TextField
            id="signup-email"
            label={t("auth.email")}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            error={errors.email}
            onChange={set("email")}
          />
          <TextField
            id="signup-password"
            label={t("auth.password")}
            description={t("auth.passwordHelp", { min: PASSWORD_MIN_LENGTH })}
            type="password"
            autoComplete="new-password"
            required
            value={values.password}
            error={errors.password}
            onChange={set("password")}
          />
          <Button type="submit" block busy={signUp.isPending} busyLabel={t("auth.signingUp")}>
            {t("auth.signUp")}
          </Button>
        </form>
        <p className="ui-form__alt">
          {t("auth.haveAccount")} <Link to={`/login?next=${encodeURIComponent(next)}`}>{t("nav.signIn")}</Link>
        </p>
      </Card>
    </>
  );
}
