// The one account filter every console list shares (contracts `accountFilterSchema`: `own` or a connection's id),
// and the label of the account a row belongs to. Connections are listed by nickname, ended ones too (their
// payments stay listed under them). A native select inside the list's filter form: its value goes to the URL with
// the other filters.
import { ACCOUNT_FILTER_OWN, type AccountOption } from "@cobro/contracts";
import { SelectField, type SelectOption } from "@cobro/ui";
import { useI18n } from "../../i18n/i18n-context";
import { trpc } from "../../trpc";

/** The connections, read once per visit (any staff role may read them; no token is ever part of them). */
export function useAccountOptions(): AccountOption[] {
  const options = trpc.admin.account.accountOptions.useQuery(undefined, { staleTime: 60_000 });
  return options.data ?? [];
}

function nameOf(account: AccountOption): string {
  return account.nickname ?? String(account.providerUserId);
}

export interface AccountFilterProps {
  /** The form field's name (the URL key is the list's business). */
  name?: string;
  /** Controlled: `own`, a connection's id, or "" for the list's default (every account, or the store's own). */
  value?: string;
  onChange?(value: string): void;
  /** Uncontrolled, inside a native filter form read on submit: the value the URL holds. */
  defaultValue?: string | undefined;
  /** The list is one account's provider search (own by default, active connections only; see below). */
  providerSearch?: boolean;
}

/**
 * The filter's choices: every account, the store's own, then each connection (by its id until the names load).
 * Lists that are one account's provider search (subscriptions, charges, plans, links, merchant orders, customers,
 * terminals) have no "every account" choice, and
 * offer only active connections (an ended one has no credentials to search with).
 */
function useAccountFilterOptions(value: string | undefined, providerSearch = false): SelectOption[] {
  const { t } = useI18n();
  const all = useAccountOptions();
  const accounts = providerSearch ? all.filter((account) => account.status === "active") : all;
  // A connection named by the URL keeps its option: one keyed option per value, so the select never loses it.
  const connectionInUrl =
    value !== undefined && value !== "" && value !== ACCOUNT_FILTER_OWN && !accounts.some((a) => a.id === value)
      ? [{ value, label: value }]
      : [];
  return [
    ...(providerSearch ? [] : [{ value: "", label: t("admin.accountFilter.all") }]),
    { value: ACCOUNT_FILTER_OWN, label: t("admin.accountFilter.own") },
    ...accounts.map((account) => ({
      value: account.id,
      label: account.status === "active" ? nameOf(account) : t("admin.accountFilter.ended", { name: nameOf(account) }),
    })),
    ...connectionInUrl,
  ];
}

/**
 * The account filter of every console list, one vocabulary throughout (contracts `accountFilterSchema`): `own`, a
 * connection's id, or nothing for the list's default. Controlled (`value` + `onChange`, for a list whose filters are
 * a draft in state) or uncontrolled (`defaultValue`, inside a native form read on submit).
 */
export function AccountFilter({
  name = "account",
  value,
  onChange,
  defaultValue,
  providerSearch = false,
}: AccountFilterProps) {
  const { t } = useI18n();
  const options = useAccountFilterOptions(value ?? defaultValue, providerSearch);
  const fallback = providerSearch ? ACCOUNT_FILTER_OWN : "";
  const control =
    value !== undefined
      ? { value, onChange: (event: { target: { value: string } }) => onChange?.(event.target.value) }
      : { defaultValue: defaultValue ?? fallback };
  return <SelectField label={t("admin.accountFilter.label")} name={name} options={options} {...control} />;
}

/** A URL value as the contracts' account filter (`own` or a connection id), or undefined for every account. */
export function accountFilterOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value === ACCOUNT_FILTER_OWN || UUID.test(value) ? value : undefined;
}

/** The connection a detail page's `?account=` names (a connected seller's resource), or null for the store's own. */
export function connectionInUrl(params: URLSearchParams): string | null {
  return connectionOf(params.get("account") ?? undefined);
}

/** The connection an account filter's value names; null for the store's own account, "every account" or junk. */
export function connectionOf(value: string | undefined): string | null {
  const account = accountFilterOf(value);
  return account && account !== ACCOUNT_FILTER_OWN ? account : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account a row belongs to: the store's own, or a connection by nickname. */
export function AccountLabel({ accountId }: { accountId: string | null }) {
  const { t } = useI18n();
  const accounts = useAccountOptions();
  if (accountId === null) return <>{t("admin.accountFilter.own")}</>;
  const account = accounts.find((candidate) => candidate.id === accountId);
  return <>{account ? nameOf(account) : t("admin.accountFilter.connected")}</>;
}
