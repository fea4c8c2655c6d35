// /admin/terminals/:deviceId: one terminal — its mode (the provider's list is the source), "Charge on this
// terminal" for operators when it is in PDV mode, and the charges sent to it from the console (the local table),
// filtered by the shared account filter (`?account=own|<connection id>` in the URL).
import { isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, Button, LoadingState, Money, PageHeading, StatusBadge } from "@cobro/ui";
import { type FormEvent, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryErrorState, QueryList } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { trpc } from "../../../trpc";
import { AccountFilter, AccountLabel, accountFilterOf } from "../../components/account-filter";
import { accountScopeInput } from "../../components/account-scope";
import { ListPager } from "../../components/list-pager";
import { OutcomeAlert, useOutcome } from "../admin-outcome";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { ChargeDialog } from "./charge-dialog";
import { SimulateTapPanel } from "./simulate-tap-panel";
import { SwitchModeDialog } from "./switch-mode-dialog";
import { IntentStateBadge, useModeLabel } from "./terminal-words";

const PAGE_SIZE = 20;

export function TerminalPage() {
  const { deviceId = "" } = useParams();
  const { t, formatDate } = useI18n();
  useDocumentTitle(t("admin.terminals.device.title", { device: deviceId }));
  const [params, setParams] = useSearchParams();
  // `?seller=<connection id>`: a connected seller's terminal (the terminals list's account filter), read and switched
  // with its credentials. Charges from the console stay on the store's own terminals (its checkouts and payment
  // mirror are the store's). `?account=` stays the filter of the charges below.
  const seller = accountScopeInput(params.get("seller") ?? undefined).account;
  const scope = { connected: seller !== undefined, search: seller ? `?account=${encodeURIComponent(seller)}` : "" };
  const canAct = useCanAct("operator");
  const canCharge = canAct && !scope.connected;
  const modeLabel = useModeLabel();
  const [charging, setCharging] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [offset, setOffset] = useState(0);
  const account = accountFilterOf(params.get("account") ?? undefined);
  const outcome = useOutcome();
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  // provider: the list is the only read of a terminal; 50 per page covers a store's terminals.
  const devices = trpc.admin.terminals.devices.useQuery({ limit: 50, ...(seller ? { account: seller } : {}) });
  const intents = trpc.admin.terminals.intents.useQuery({
    deviceId,
    ...(account ? { account } : {}),
    limit: PAGE_SIZE,
    offset,
  });
  const filterIntents = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = accountFilterOf(String(new FormData(event.currentTarget).get("account") ?? ""));
    setOffset(0);
    setParams({ ...(seller ? { seller } : {}), ...(value ? { account: value } : {}) });
  };
  const currency = config.data && isSupportedCurrency(config.data.currency) ? config.data.currency : null;

  if (devices.isPending) return <LoadingState label={t("admin.terminals.loading")} />;
  if (devices.isError) return <QueryErrorState title={t("admin.terminals.failed")} query={devices} />;
  const device = devices.data.devices.find((candidate) => candidate.id === deviceId);
  if (!device) {
    return (
      <>
        <p>
          <Link to={`/admin/terminals${scope.search}`}>{t("admin.terminals.back")}</Link>
        </p>
        <Alert tone="warning" title={t("admin.terminals.empty")}>
          {t("reason.terminal_not_found")}
        </Alert>
      </>
    );
  }
  const pdv = device.operatingMode === "PDV";
  return (
    <>
      <p>
        <Link to={`/admin/terminals${scope.search}`}>{t("admin.terminals.back")}</Link>
      </p>
      <PageHeading
        title={t("admin.terminals.device.title", { device: device.id })}
        actions={
          canAct ? (
            <>
              {canCharge && pdv && currency ? (
                <Button data-testid="terminal-charge" onClick={() => setCharging(true)}>
                  {t("admin.terminals.charge")}
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => setSwitching(true)}>
                {t("admin.terminals.switchTo", { mode: modeLabel(pdv ? "STANDALONE" : "PDV") })}
              </Button>
            </>
          ) : null
        }
      />
      <ReadOnlyNotice />
      {scope.connected ? <Alert tone="info">{t("admin.terminals.device.sellerNotice")}</Alert> : null}
      <OutcomeAlert outcome={outcome.outcome} onDismiss={outcome.clear} />
      <dl className="admin-facts">
        <div>
          <dt>{t("admin.terminals.colMode")}</dt>
          <dd>
            <StatusBadge tone={pdv ? "success" : "neutral"}>{modeLabel(device.operatingMode)}</StatusBadge>
          </dd>
        </div>
        <div>
          <dt>{t("admin.terminals.colStore")}</dt>
          <dd>{device.storeId ?? ""}</dd>
        </div>
        <div>
          <dt>{t("admin.terminals.colPos")}</dt>
          <dd>{device.posId ?? ""}</dd>
        </div>
        <div>
          <dt>{t("admin.terminals.colExternalPos")}</dt>
          <dd>{device.externalPosId ?? ""}</dd>
        </div>
      </dl>
      {!pdv ? <Alert tone="info">{t("admin.terminals.device.notPdv")}</Alert> : null}
      {canCharge && pdv && config.data?.providerMode === "sandbox" ? (
        <SimulateTapPanel intents={intents.data?.intents ?? []} outcome={outcome} />
      ) : null}
      <section aria-labelledby="terminal-intents-title">
        <h2 id="terminal-intents-title">{t("admin.terminals.intents")}</h2>
        <search aria-label={t("admin.terminals.intents.filters")}>
          <form className="admin-filters" onSubmit={filterIntents} noValidate>
            <AccountFilter key={account ?? ""} defaultValue={account} />
            <Button type="submit" variant="secondary">
              {t("admin.terminals.filter")}
            </Button>
          </form>
        </search>
        <QueryList
          query={intents}
          items={intents.data?.intents}
          loadingLabel={t("admin.terminals.intents.loading")}
          failedTitle={t("admin.terminals.intents.failed")}
          empty={{ title: t("admin.terminals.intents.empty") }}
          headingLevel={3}
        >
          {(items) => (
            <>
              <div className="admin-table-wrap">
                <table className="admin-table" aria-label={t("admin.terminals.intents")}>
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.terminals.colCreated")}</th>
                      <th scope="col">{t("admin.terminals.colAmount")}</th>
                      <th scope="col">{t("admin.terminals.colState")}</th>
                      <th scope="col">{t("admin.terminals.colReference")}</th>
                      <th scope="col">{t("admin.terminals.colPayment")}</th>
                      <th scope="col">{t("admin.terminals.colAccount")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((intent) => (
                      <tr key={intent.id} data-testid={`terminal-intent-${intent.id}`}>
                        <th scope="row">
                          <Link to={`/admin/terminals/intents/${intent.id}`}>
                            {formatDate(intent.createdAt, "dateTime")}
                          </Link>
                        </th>
                        <td>
                          <Money amountMinor={intent.amount.amountMinor} currency={intent.amount.currency} />
                        </td>
                        <td>
                          <IntentStateBadge intent={intent} />
                        </td>
                        <td>{intent.externalReference ?? ""}</td>
                        <td>
                          {intent.paymentId ? (
                            <Link to={`/admin/payments/${intent.paymentId}`}>#{intent.paymentId}</Link>
                          ) : (
                            ""
                          )}
                        </td>
                        <td>
                          <AccountLabel accountId={intent.accountId} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ListPager
                offset={offset}
                shown={items.length}
                total={intents.data?.total ?? items.length}
                pageSize={PAGE_SIZE}
                busy={intents.isFetching}
                onGo={setOffset}
              />
            </>
          )}
        </QueryList>
      </section>
      {charging && currency ? (
        <ChargeDialog deviceId={device.id} currency={currency} onClose={() => setCharging(false)} />
      ) : null}
      {switching ? (
        <SwitchModeDialog
          deviceId={device.id}
          to={pdv ? "STANDALONE" : "PDV"}
          {...(seller ? { account: seller } : {})}
          onClose={() => setSwitching(false)}
          onDone={(message) => {
            setSwitching(false);
            outcome.succeeded(message);
          }}
        />
      ) : null}
    </>
  );
}
