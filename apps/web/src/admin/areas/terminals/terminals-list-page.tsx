// /admin/terminals: the account's Point terminals (the provider's list, filtered by store and point of sale,
// paged by offset; filters and page in the URL) with their operating mode, switched by operators; below, the
// charge events of a period across every terminal.
import { Alert, Button, PageHeading, StatusBadge, TextField } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { type RouterOutputs, trpc } from "../../../trpc";
import { AccountFilter } from "../../components/account-filter";
import { accountScopeInput } from "../../components/account-scope";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { ListPager } from "../../components/list-pager";
import { OutcomeAlert, useOutcome } from "../admin-outcome";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { useUrlFilters } from "../use-url-filters";
import { PointEventsSection } from "./point-events-section";
import { SwitchModeDialog } from "./switch-mode-dialog";
import { useModeLabel } from "./terminal-words";

type TerminalDevice = RouterOutputs["admin"]["terminals"]["devices"]["devices"][number];

const PAGE_SIZE = 20;
const FILTER_KEYS = ["store", "pos", "account"] as const;
const DIGITS = /^\d{1,19}$/;

export function TerminalsListPage() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.terminals.title"));
  const modeLabel = useModeLabel();
  const [filters, setFilters, { offset, goTo }] = useUrlFilters(FILTER_KEYS);
  const storeParam = filters.store ?? "";
  const posParam = filters.pos ?? "";
  // Whose terminals are listed (the store's own by default): in the URL as `account=`. A connected account's are
  // switched on that account.
  const scope = accountScopeInput(filters.account);
  const canAct = useCanAct("operator");
  const [store, setStore] = useState(storeParam);
  const [pos, setPos] = useState(posParam);
  const [errors, setErrors] = useState<{ store?: string; pos?: string }>({});
  const [switching, setSwitching] = useState<{ deviceId: string; to: "PDV" | "STANDALONE" } | null>(null);
  const outcome = useOutcome();

  const devices = trpc.admin.terminals.devices.useQuery(
    {
      ...(DIGITS.test(storeParam) ? { storeId: storeParam } : {}),
      ...(DIGITS.test(posParam) ? { posId: posParam } : {}),
      ...scope,
      offset,
      limit: PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get("account");
    const account = accountScopeInput(typeof chosen === "string" ? chosen : undefined).account;
    const next: { store?: string; pos?: string } = {};
    if (store.trim() && !DIGITS.test(store.trim())) next.store = t("admin.terminals.storeId");
    if (pos.trim() && !DIGITS.test(pos.trim())) next.pos = t("admin.terminals.posId");
    setErrors(next);
    if (next.store || next.pos) return;
    setFilters({ store, pos, account });
  };

  const columns: AdminColumn<TerminalDevice>[] = [
    {
      id: "device",
      header: t("admin.terminals.colDevice"),
      rowHeader: true,
      kind: "id",
      cell: (device) => (
        <Link
          to={`/admin/terminals/${encodeURIComponent(device.id)}${scope.account ? `?seller=${encodeURIComponent(scope.account)}` : ""}`}
        >
          <Truncate text={device.id} />
        </Link>
      ),
    },
    {
      id: "mode",
      header: t("admin.terminals.colMode"),
      cell: (device) => (
        <StatusBadge tone={device.operatingMode === "PDV" ? "success" : "neutral"}>
          {modeLabel(device.operatingMode)}
        </StatusBadge>
      ),
    },
    { id: "store", header: t("admin.terminals.colStore"), kind: "id", cell: (device) => device.storeId ?? "" },
    { id: "pos", header: t("admin.terminals.colPos"), kind: "id", cell: (device) => device.posId ?? "" },
    {
      id: "externalPos",
      header: t("admin.terminals.colExternalPos"),
      kind: "id",
      cell: (device) => (device.externalPosId ? <Truncate text={device.externalPosId} /> : ""),
    },
    ...(canAct
      ? [
          {
            id: "actions",
            header: t("admin.terminals.colActions"),
            cell: (device: TerminalDevice) => {
              const to = device.operatingMode === "PDV" ? "STANDALONE" : "PDV";
              return (
                <Button
                  variant="secondary"
                  onClick={() => {
                    outcome.clear();
                    setSwitching({ deviceId: device.id, to });
                  }}
                >
                  {t("admin.terminals.switchTo", { mode: modeLabel(to) })}
                </Button>
              );
            },
          },
        ]
      : []),
  ];

  const page = devices.data;
  return (
    <>
      <PageHeading title={t("admin.terminals.title")} description={t("admin.terminals.description")} />
      <ReadOnlyNotice />
      <OutcomeAlert outcome={outcome.outcome} onDismiss={outcome.clear} />
      <search aria-label={t("admin.terminals.filters")}>
        <form className="admin-filters" onSubmit={filter} noValidate>
          <TextField
            label={t("admin.terminals.storeId")}
            name="store"
            inputMode="numeric"
            value={store}
            error={errors.store ? `${errors.store}: 0-9` : undefined}
            onChange={(event) => setStore(event.target.value)}
          />
          <TextField
            label={t("admin.terminals.posId")}
            name="pos"
            inputMode="numeric"
            value={pos}
            error={errors.pos ? `${errors.pos}: 0-9` : undefined}
            onChange={(event) => setPos(event.target.value)}
          />
          <AccountFilter key={scope.account ?? ""} defaultValue={scope.account} providerSearch />
          <Button type="submit" variant="secondary">
            {t("admin.terminals.filter")}
          </Button>
          {storeParam || posParam || scope.account ? (
            <Link to="/admin/terminals">{t("admin.terminals.clear")}</Link>
          ) : null}
        </form>
      </search>
      <AdminTable
        label={t("admin.terminals.title")}
        query={devices}
        items={page?.devices}
        failed={devices.isError && !page}
        loadingLabel={t("admin.terminals.loading")}
        failedTitle={t("admin.terminals.failed")}
        empty={{ title: t("admin.terminals.empty"), description: t("admin.terminals.emptyHint") }}
        busy={devices.isFetching}
        columns={columns}
        rowKey={(device) => device.id}
        rowProps={(device) => ({ "data-testid": `terminal-row-${device.id}` })}
        after={(items) => (
          <>
            {devices.isError ? <Alert tone="danger">{t("admin.terminals.failed")}</Alert> : null}
            <ListPager
              offset={offset}
              shown={items.length}
              total={page?.total ?? items.length}
              pageSize={PAGE_SIZE}
              busy={devices.isFetching}
              onGo={goTo}
            />
          </>
        )}
      />
      <PointEventsSection />
      {switching ? (
        <SwitchModeDialog
          deviceId={switching.deviceId}
          to={switching.to}
          {...(scope.account ? { account: scope.account } : {})}
          onClose={() => setSwitching(null)}
          onDone={(message) => {
            setSwitching(null);
            outcome.succeeded(message);
          }}
        />
      ) : null}
    </>
  );
}
