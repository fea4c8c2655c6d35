// /admin/terminals: the account's Point terminals (the provider's list, filtered by store and point of sale,
// paged by offset; filters and page in the URL) with their operating mode, switched by operators; below, the
// charge events of a period across every terminal.
import { Alert, Button, PageHeading, StatusBadge, TextField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { QueryList } from "../../../components/query-list";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { AccountFilter } from "../../components/account-filter";
import { accountScopeInput } from "../../components/account-scope";
import { ListPager } from "../../components/list-pager";
import { useOffsetPage } from "../../components/use-offset-page";
import { OutcomeAlert, useOutcome } from "../admin-outcome";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { PointEventsSection } from "./point-events-section";
import { SwitchModeDialog } from "./switch-mode-dialog";
import { useModeLabel } from "./terminal-words";

const PAGE_SIZE = 20;
const DIGITS = /^\d{1,19}$/;

export function TerminalsListPage() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.terminals.title"));
  const modeLabel = useModeLabel();
  const [params, setParams] = useSearchParams();
  const storeParam = params.get("store") ?? "";
  const posParam = params.get("pos") ?? "";
  // Whose terminals are listed (the store's own by default): in the URL as `account=`. A connected account's are
  // only shown: the server refuses a mode switch there.
  const scope = accountScopeInput(params.get("account") ?? undefined);
  const canAct = useCanAct("operator") && scope.account === undefined;
  const { offset, goTo } = useOffsetPage();
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
    const query: Record<string, string> = {};
    if (store.trim()) query.store = store.trim();
    if (pos.trim()) query.pos = pos.trim();
    if (account) query.account = account;
    setParams(query);
  };

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
      <QueryList
        query={devices}
        items={page?.devices}
        failed={devices.isError && !page}
        loadingLabel={t("admin.terminals.loading")}
        failedTitle={t("admin.terminals.failed")}
        empty={{ title: t("admin.terminals.empty"), description: t("admin.terminals.emptyHint") }}
      >
        {(items) => (
          <>
            <div className="admin-table-wrap" aria-busy={devices.isFetching}>
              <table className="admin-table" aria-label={t("admin.terminals.title")}>
                <thead>
                  <tr>
                    <th scope="col">{t("admin.terminals.colDevice")}</th>
                    <th scope="col">{t("admin.terminals.colMode")}</th>
                    <th scope="col">{t("admin.terminals.colStore")}</th>
                    <th scope="col">{t("admin.terminals.colPos")}</th>
                    <th scope="col">{t("admin.terminals.colExternalPos")}</th>
                    {canAct ? <th scope="col">{t("admin.terminals.colActions")}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {items.map((device) => {
                    const to = device.operatingMode === "PDV" ? "STANDALONE" : "PDV";
                    return (
                      <tr key={device.id} data-testid={`terminal-row-${device.id}`}>
                        <th scope="row">
                          <Link
                            className="admin-mono"
                            to={`/admin/terminals/${encodeURIComponent(device.id)}${scope.account ? `?seller=${encodeURIComponent(scope.account)}` : ""}`}
                          >
                            {device.id}
                          </Link>
                        </th>
                        <td>
                          <StatusBadge tone={device.operatingMode === "PDV" ? "success" : "neutral"}>
                            {modeLabel(device.operatingMode)}
                          </StatusBadge>
                        </td>
                        <td>{device.storeId ?? ""}</td>
                        <td>{device.posId ?? ""}</td>
                        <td>{device.externalPosId ?? ""}</td>
                        {canAct ? (
                          <td>
                            <Button
                              variant="secondary"
                              onClick={() => {
                                outcome.clear();
                                setSwitching({ deviceId: device.id, to });
                              }}
                            >
                              {t("admin.terminals.switchTo", { mode: modeLabel(to) })}
                            </Button>
                          </td>
                        ) : null}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
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
      </QueryList>
      <PointEventsSection />
      {switching ? (
        <SwitchModeDialog
          deviceId={switching.deviceId}
          to={switching.to}
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
