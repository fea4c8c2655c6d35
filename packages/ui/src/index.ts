// Cobro's shared, accessible React components. Import the styles once in the app:
// `import "@cobro/ui/styles.css";`. Components take their words as props, so
// the app translates them.
export { Alert, type AlertProps } from "./alert";
export { Button, type ButtonProps, type ButtonVariant } from "./button";
export { Card, type CardProps } from "./card";
export {
  CheckboxField,
  type CheckboxFieldProps,
  CheckboxGroupField,
  type CheckboxGroupFieldProps,
  type CheckboxOption,
} from "./checkbox-field";
export { cx } from "./class-names";
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";
export { useDomId } from "./dom-id";
export {
  ERROR_PAGE_TITLES,
  ErrorPage,
  type ErrorPageProps,
  errorPageTitle,
  FALLBACK_ERROR_PAGE_TITLE,
} from "./error-page";
export { type FormError, FormErrorSummary, type FormErrorSummaryProps } from "./form-error-summary";
export { Heading, type HeadingLevel, type HeadingProps } from "./heading";
export { formatMinorUnits, Money, type MoneyProps } from "./money";
export { OffsetPager, type OffsetPagerProps } from "./offset-pager";
export { MAIN_CONTENT_ID, PageHeading, type PageHeadingProps, PageLayout, type PageLayoutProps } from "./page-layout";
export { Pagination, type PaginationProps } from "./pagination";
export { pngDataUrl, QrCodeImage, type QrCodeImageProps } from "./qr-code-image";
export { SelectField, type SelectFieldProps, type SelectOption } from "./select-field";
export { Spinner, type SpinnerProps } from "./spinner";
export {
  EmptyState,
  type EmptyStateProps,
  ErrorState,
  type ErrorStateProps,
  LoadingState,
  type LoadingStateProps,
} from "./states";
export { StatusBadge, type StatusBadgeProps, type Tone } from "./status-badge";
export { TextField, type TextFieldProps } from "./text-field";
export { TextareaField, type TextareaFieldProps } from "./textarea-field";
export { VisuallyHidden } from "./visually-hidden";
