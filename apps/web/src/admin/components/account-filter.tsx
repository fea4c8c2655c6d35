// The one account filter every console list shares (contracts `accountFilterSchema`: `own` or a connection's id),
// and the label of the account a row belongs to. Connections are listed by nickname, ended ones too (their
// payments stay listed under them). A native select inside the list's filter form: its value goes to the URL with
// the other filters.
import { ACCOUNT_FILTER_OWN, type AccountOption } from "@cobro/contracts";
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
  /** `own`, a connection's id, or undefined for every account. */
  defaultValue: string | undefined;
}

export function AccountFilter({ name = "account", defaultValue }: AccountFilterProps) {
  const { t } = useI18n();
  const accounts = useAccountOptions();
  // A connection named by the URL keeps its option (by its id until the names load): one keyed option per value, so
  // the select never remounts and what the user picked stays picked.
  const connectionInUrl =
    defaultValue !== undefined && defaultValue !== ACCOUNT_FILTER_OWN && !accounts.some((a) => a.id === defaultValue)
      ? [{ id: defaultValue, label: defaultValue }]
      : [];
  const options = [
    ...accounts.map((account) => ({
      id: account.id,
      label: account.status === "active" ? nameOf(account) : t("admin.accountFilter.ended", { name: nameOf(account) }),
    })),
    ...connectionInUrl,
  ];
  return (
    <label>
      {t("admin.accountFilter.label")}
      <select name={name} defaultValue={defaultValue ?? ""}>
        <option value="">{t("admin.accountFilter.all")}</option>
        <option value={ACCOUNT_FILTER_OWN}>{t("admin.accountFilter.own")}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The account a row belongs to: the store's own, or a connection by nickname. */
export function AccountLabel({ accountId }: { accountId: string | null }) {
  const { t } = useI18n();
  const accounts = useAccountOptions();
  if (accountId === null) return <>{t("admin.accountFilter.own")}</>;
  const account = accounts.find((candidate) => candidate.id === accountId);
  return <>{account ? nameOf(account) : t("admin.accountFilter.connected")}</>;
}
