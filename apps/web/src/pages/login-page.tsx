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
import { signInFormSchema } from "../schemas";
import { trpc } from "../trpc";

const MESSAGES: FieldMessages = { email: "auth.error.email", password: "auth.error.password" };
const IDS: Readonly<Record<string, string>> = { email: "signin-email", password: "signin-password" };

/** `/login`: email and password; afterwards goes to `next` (a path on this site). */
export function LoginPage() {
  const { t, language } = useI18n();
  useDocumentTitle(t("page.login.title"));
  const [search] = useSearchParams();
  const next = safeNextPath(search.get("next"));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const { user } = useCurrentUser();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const signIn = trpc.auth.signIn.useMutation();
  const inFlight = useRef(false);
  const justSignedIn = useRef(false);

  if (user && !justSignedIn.current) return <Navigate to={next} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validateForm(signInFormSchema, { email, password }, MESSAGES, t);
    setErrors(checked.success ? {} : checked.errors);
    setFailure(null);
    if (!checked.success) return;
    inFlight.current = true;
    try {
      const { user: signedIn } = await signIn.mutateAsync(checked.data);
      justSignedIn.current = true;
      // Whatever was cached belonged to the visitor before signing in.
      queryClient.clear();
      utils.auth.me.setData(undefined, { user: signedIn });
      await navigate(next, { replace: true });
    } catch (error) {
      const described = describeError(error, { t, language });
      // One message for a wrong email or password: which of the two is never told.
      setFailure(
        described.appCode === "UNAUTHORIZED"
          ? { ...described, message: t("auth.error.invalidCredentials") }
          : described,
      );
      setErrors(serverFieldErrors(described, MESSAGES, { t, language }));
      setPassword("");
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      <PageHeading title={t("page.login.title")} />
      <Card className="ui-narrow">
        <form className="ui-form" noValidate onSubmit={submit}>
          <FormErrorSummary title={t("errors.summaryTitle")} errors={toSummaryErrors(errors, (path) => IDS[path])} />
          {failure && Object.keys(errors).length === 0 ? <Alert tone="danger" title={failure.message} /> : null}
          <TextField
            id="signin-email"
            label={t("auth.email")}
            type="email"
            autoComplete="email"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <TextField
            id="signin-password"
            label={t("auth.password")}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" block busy={signIn.isPending} busyLabel={t("auth.signingIn")}>
            {t("auth.signIn")}
          </Button>
        </form>
        <p className="ui-form__alt">
          {t("auth.noAccount")} <Link to={`/signup?next=${encodeURIComponent(next)}`}>{t("nav.signUp")}</Link>
        </p>
      </Card>
    </>
  );
}
