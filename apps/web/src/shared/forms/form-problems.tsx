import { Alert, FormErrorSummary } from "@cobro/ui";
import { useI18n } from "../../i18n/i18n-context";
import type { UserFacingError } from "../errors/describe-error";
import { type FormFieldErrors, toSummaryErrors } from "./form-errors";

export interface FormProblemsProps {
  /** One message per failing field path, in the page's order. */
  errors: FormFieldErrors;
  /** The last submit's failure; shown on its own only when no field is at fault (else the summary says it). */
  failure: UserFacingError | null;
  /** The id of the control a field path belongs to, so the summary links to it. */
  fieldIdOf: (path: string) => string | undefined;
}

/**
 * The top of a form: the summary of its field errors, or the failure that no field explains. The summary does not
 * take focus: react-hook-form moves it to the first field in error, where the fix is typed; the summary is still
 * announced (role="alert").
 */
export function FormProblems({ errors, failure, fieldIdOf }: FormProblemsProps) {
  const { t } = useI18n();
  const summary = toSummaryErrors(errors, fieldIdOf);
  return (
    <>
      <FormErrorSummary title={t("errors.summaryTitle")} errors={summary} focusOnChange={false} />
      {failure && summary.length === 0 ? <Alert tone="danger" title={failure.message} /> : null}
    </>
  );
}
