// /admin/account: the provider account Cobro charges with (`/users/me` of the store's credentials), and the seller
// accounts connected by OAuth: connect one (the provider's authorization page, then back to Cobro's callback),
// see each connection's state (expires in, last refresh, last error or why it ended), refresh it now, disconnect it
// (confirmation). No token ever reaches this page.
import {
  type ChargingAccountMode,
  type ConnectedAccount,
  type ConnectedAccountStatus,
  OAUTH_CALLBACK_ERRORS,
  type OAuthCallbackError,
  SITE_COUNTRIES,
} from "@cobro/contracts";
import {
  Alert,
  Button,
  ConfirmDialog,
  EmptyState,
  LoadingState,
  PageHeading,
  SelectField,
  StatusBadge,
  type Tone,
} from "@cobro/ui";
import { useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryErrorState } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { type Outcome, OutcomeAlert, useOutcome } from "../admin-outcome";
import "./account.css";

/** A country code ("AR") as the reader's language names it ("Argentina"); the code itself when unknown. */
function useRegionName(): (code: string) => string {
  const { language } = useI18n();
  return (code) => {
    try {
      return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/** A provider site ("MLA") as its country, the code kept for support: "Argentina (MLA)". */
function useSiteName(): (siteId: string) => string {
  const regionName = useRegionName();
  return (siteId) => {
    const country = SITE_COUNTRIES[siteId];
    return country ? `${regionName(country)} (${siteId})` : siteId;
  };
}

const MODE_TONE: Record<ChargingAccountMode, Tone> = { sandbox: "info", test: "warning", live: "success" };
const STATUS_TONE: Record<ConnectedAccountStatus, Tone> = {
  active: "success",
  revoked: "danger",
  disconnected: "neutral",
};
const DAY_MS = 24 * 60 * 60 * 1000;

function isCallbackError(value: string | null): value is OAuthCallbackError {
  return value !== null && (OAUTH_CALLBACK_ERRORS as readonly string[]).includes(value);
}

function ChargingAccountSection() {
  const { t } = useI18n();
  const regionName = useRegionName();
  const siteName = useSiteName();
  const account = trpc.admin.account.chargingAccount.useQuery();
  const data = account.data;
  return (
    <section className="account-section" aria-labelledby="account-charging-title">
      <h2 id="account-charging-title" className="admin-subheading">
        {t("admin.account.charging.title")}
      </h2>
      <p className="admin-hint">{t("admin.account.charging.description")}</p>
      {account.isPending ? (
        <LoadingState label={t("admin.account.charging.loading")} />
      ) : !data ? (
        <QueryErrorState title={t("admin.account.charging.failed")} query={account} headingLevel={3} />
      ) : (
        <dl className="admin-facts" aria-label={t("admin.account.charging.title")}>
          <div>
            <dt>{t("admin.account.charging.nickname")}</dt>
            <dd>{data.nickname ?? t("admin.account.none")}</dd>
          </div>
          <div>
            <dt>{t("admin.account.charging.userId")}</dt>
            <dd className="admin-mono">{data.userId}</dd>
          </div>
          <div>
            <dt>{t("admin.account.charging.email")}</dt>
            <dd>{data.email ?? t("admin.account.none")}</dd>
          </div>
          <div>
            <dt>{t("admin.account.charging.site")}</dt>
            <dd>{data.siteId ? siteName(data.siteId) : t("admin.account.none")}</dd>
          </div>
          <div>
            <dt>{t("admin.account.charging.country")}</dt>
            <dd>{data.countryId ? regionName(data.countryId) : t("admin.account.none")}</dd>
          </div>
          <div>
            <dt>{t("admin.account.charging.mode")}</dt>
            <dd>
              <StatusBadge tone={MODE_TONE[data.mode]}>{t(`admin.account.mode.${data.mode}`)}</StatusBadge>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function connectionName(account: Pick<ConnectedAccount, "nickname" | "providerUserId">): string {
  return account.nickname ?? String(account.providerUserId);
}

/** The own account's value in the select (the setting itself says null). */
const OWN = "own";

/**
 * Where new checkouts charge: the store's own account or an active connection. Switching moves where money goes,
 * so it is confirmed first; it applies to checkouts started after it (a checkout keeps the account it began on).
 */
function ChargingSettingSection({ onOutcome }: { onOutcome(outcome: Outcome): void }) {
  const { t, language, formatDate } = useI18n();
  const utils = trpc.useUtils();
  const setting = trpc.admin.account.chargingSetting.useQuery();
  const connections = trpc.admin.account.connections.useQuery();
  const switchAccount = trpc.admin.account.setChargingAccount.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const all = connections.data?.items ?? [];
  const active = all.filter((account) => account.status === "active");
  const current = setting.data?.accountId ?? null;
  // The choice starts at (and, once switched, returns to) the account the server charges on.
  const form = useForm({ values: { accountId: current ?? OWN } });
  // Controlled: the connections (the options) may arrive after the setting (the value).
  const { field: accountField } = useController({ control: form.control, name: "accountId" });
  const selected = accountField.value;
  const nameOf = (accountId: string | null) => {
    if (accountId === null) return t("admin.account.setting.own");
    const account = all.find((candidate) => candidate.id === accountId);
    return account ? connectionName(account) : t("admin.account.none");
  };
  const target = selected === OWN ? null : selected;
  const fallback = setting.data?.fallback ?? null;

  const confirm = async () => {
    if (switchAccount.isPending) return;
    setFailure(null);
    try {
      await switchAccount.mutateAsync({ accountId: target });
      await utils.admin.account.chargingSetting.invalidate();
      setConfirming(false);
      onOutcome({ tone: "success", message: t("admin.account.setting.switched", { name: nameOf(target) }) });
    } catch (error) {
      setFailure(describeError(error, { t, language }).message);
    }
  };

  return (
    <section className="account-section" aria-labelledby="account-setting-title">
      <h2 id="account-setting-title" className="admin-subheading">
        {t("admin.account.setting.title")}
      </h2>
      <p className="admin-hint">{t("admin.account.setting.description")}</p>
      {setting.isPending ? (
        <LoadingState label={t("admin.account.setting.loading")} />
      ) : !setting.data ? (
        <QueryErrorState title={t("admin.account.setting.failed")} query={setting} headingLevel={3} />
      ) : (
        <>
          {fallback ? (
            <Alert tone="warning">
              {t("admin.account.setting.fallback", {
                name: nameOf(fallback.fromAccountId),
                date: formatDate(fallback.at, "dateTime"),
              })}
            </Alert>
          ) : null}
          <p data-testid="charging-account-current">
            {t("admin.account.setting.current")} <strong>{nameOf(current)}</strong>
          </p>
          <form
            className="admin-filters"
            onSubmit={(event) =>
              void form.handleSubmit(() => {
                setFailure(null);
                setConfirming(true);
              })(event)
            }
          >
            <SelectField
              label={t("admin.account.setting.choose")}
              {...accountField}
              options={[
                { value: OWN, label: t("admin.account.setting.own") },
                ...active.map((account) => ({ value: account.id, label: connectionName(account) })),
              ]}
            />
            <Button type="submit" disabled={target === current}>
              {t("admin.account.setting.switch")}
            </Button>
          </form>
        </>
      )}
      {confirming ? (
        <ConfirmDialog
          open
          tone="primary"
          title={t("admin.account.setting.confirmTitle", { name: nameOf(target) })}
          confirmLabel={t("admin.account.setting.confirm")}
          cancelLabel={t("admin.account.cancel")}
          busy={switchAccount.isPending}
          busyLabel={t("admin.account.working")}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          <p>{t("admin.account.setting.confirmBody")}</p>
          {failure ? <Alert tone="danger">{failure}</Alert> : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function ExpiresIn({ expiresAt }: { expiresAt: string | null }) {
  const { t, tPlural, formatDate } = useI18n();
  if (!expiresAt) return <>{t("admin.account.none")}</>;
  const days = Math.floor((Date.parse(expiresAt) - Date.now()) / DAY_MS);
  if (days < 0) return <>{t("admin.account.expired")}</>;
  return (
    <span title={formatDate(expiresAt, "dateTime")}>
      {tPlural({ one: "admin.account.expiresInDays.one", other: "admin.account.expiresInDays.other" }, days, {
        count: days,
      })}
    </span>
  );
}

function DisconnectDialog({
  account,
  onClose,
  onDone,
}: {
  account: ConnectedAccount;
  onClose(): void;
  onDone(outcome: Outcome): void;
}) {
  const { t, language } = useI18n();
  const utils = trpc.useUtils();
  const disconnect = trpc.admin.account.disconnect.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const name = account.nickname ?? String(account.providerUserId);
  const confirm = async () => {
    if (disconnect.isPending) return;
    setFailure(null);
    try {
      await disconnect.mutateAsync({ accountId: account.id });
      await utils.admin.account.connections.invalidate();
      await utils.admin.account.accountOptions.invalidate();
      onDone({ tone: "success", message: t("admin.account.disconnected", { name }) });
    } catch (error) {
      setFailure(describeError(error, { t, language }).message);
    }
  };
  return (
    <ConfirmDialog
      open
      title={t("admin.account.disconnectTitle", { name })}
      confirmLabel={t("admin.account.disconnect")}
      cancelLabel={t("admin.account.cancel")}
      busy={disconnect.isPending}
      busyLabel={t("admin.account.working")}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t("admin.account.disconnectBody")}</p>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
    </ConfirmDialog>
  );
}

function ConnectionsSection({ onOutcome }: { onOutcome(outcome: Outcome): void }) {
  const { t, formatDate } = useI18n();
  const siteName = useSiteName();
  const connections = trpc.admin.account.connections.useQuery();
  const chargingId = trpc.admin.account.chargingSetting.useQuery().data?.accountId ?? null;
  const utils = trpc.useUtils();
  const start = trpc.admin.account.startConnect.useMutation();
  const refresh = trpc.admin.account.refresh.useMutation();
  const outcome = useOutcome();
  const [disconnecting, setDisconnecting] = useState<ConnectedAccount | null>(null);
  const data = connections.data;

  const connect = async () => {
    if (start.isPending) return;
    try {
      const { authorizationUrl } = await start.mutateAsync();
      window.location.assign(authorizationUrl);
    } catch (error) {
      outcome.failed(error);
    }
  };

  const refreshNow = async (account: ConnectedAccount) => {
    if (refresh.isPending) return;
    const name = account.nickname ?? String(account.providerUserId);
    try {
      const result = await refresh.mutateAsync({ accountId: account.id });
      await utils.admin.account.connections.invalidate();
      if (result.outcome === "refreshed") outcome.succeeded(t("admin.account.refreshed", { name }));
      else if (result.outcome === "revoked")
        onOutcome({ tone: "danger", message: t("admin.account.revoked", { name }) });
      else onOutcome({ tone: "danger", message: t("admin.account.refreshFailed", { name }) });
    } catch (error) {
      outcome.failed(error);
    }
  };

  return (
    <section className="account-section" aria-labelledby="account-connections-title">
      <div className="account-section-heading">
        <h2 id="account-connections-title" className="admin-subheading">
          {t("admin.account.connections.title")}
        </h2>
        {data?.oauthAvailable ? (
          <Button onClick={() => void connect()} disabled={start.isPending}>
            {start.isPending ? t("admin.account.connecting") : t("admin.account.connect")}
          </Button>
        ) : null}
      </div>
      <p className="admin-hint">{t("admin.account.connections.description")}</p>
      <OutcomeAlert outcome={outcome.outcome} onDismiss={outcome.clear} />
      {data && !data.oauthAvailable ? <Alert tone="info">{t("admin.account.notConfigured")}</Alert> : null}
      {connections.isPending ? (
        <LoadingState label={t("admin.account.connections.loading")} />
      ) : !data ? (
        <QueryErrorState title={t("admin.account.connections.failed")} query={connections} headingLevel={3} />
      ) : data.items.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t("admin.account.connections.empty")}
          description={t("admin.account.connections.emptyHint")}
        />
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-label={t("admin.account.connections.title")}>
            <thead>
              <tr>
                <th scope="col">{t("admin.account.col.seller")}</th>
                <th scope="col">{t("admin.account.col.status")}</th>
                <th scope="col">{t("admin.account.col.expiresIn")}</th>
                <th scope="col">{t("admin.account.col.lastRefresh")}</th>
                <th scope="col">{t("admin.account.col.lastError")}</th>
                <th scope="col">{t("admin.account.col.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((account) => {
                const name = account.nickname ?? String(account.providerUserId);
                return (
                  <tr key={account.id} data-testid={`connection-${account.providerUserId}`}>
                    <td>
                      <strong>{account.nickname ?? t("admin.account.none")}</strong>
                      <br />
                      <span className="admin-mono">{account.providerUserId}</span>
                      {account.siteId ? ` · ${siteName(account.siteId)}` : null}
                    </td>
                    <td>
                      <StatusBadge tone={STATUS_TONE[account.status]}>
                        {t(`admin.account.status.${account.status}`)}
                      </StatusBadge>
                      {account.id === chargingId ? (
                        <>
                          {" "}
                          <StatusBadge tone="info">{t("admin.account.setting.badge")}</StatusBadge>
                        </>
                      ) : null}
                      {account.endedAt ? (
                        <>
                          <br />
                          {t("admin.account.endedAt", { date: formatDate(account.endedAt, "dateTime") })}
                        </>
                      ) : null}
                    </td>
                    <td>{account.status === "active" ? <ExpiresIn expiresAt={account.expiresAt} /> : "—"}</td>
                    <td>
                      {account.lastRefreshedAt
                        ? formatDate(account.lastRefreshedAt, "dateTime")
                        : t("admin.account.never")}
                    </td>
                    <td>
                      {account.endedReason && account.endedReason !== "disconnected"
                        ? t(`admin.account.error.${account.endedReason}`)
                        : account.lastError
                          ? t(`admin.account.error.${account.lastError}`)
                          : t("admin.account.none")}
                    </td>
                    <td>
                      {account.status === "active" ? (
                        <div className="admin-actions">
                          <Button
                            variant="secondary"
                            disabled={refresh.isPending}
                            onClick={() => void refreshNow(account)}
                            aria-label={t("admin.account.refreshNamed", { name })}
                          >
                            {t("admin.account.refresh")}
                          </Button>
                          <Button
                            variant="danger"
                            onClick={() => setDisconnecting(account)}
                            aria-label={t("admin.account.disconnectNamed", { name })}
                          >
                            {t("admin.account.disconnect")}
                          </Button>
                        </div>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {disconnecting ? (
        <DisconnectDialog
          account={disconnecting}
          onClose={() => setDisconnecting(null)}
          onDone={(done) => {
            setDisconnecting(null);
            onOutcome(done);
          }}
        />
      ) : null}
    </section>
  );
}

export default function AccountPage() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.account.title"));
  const [params, setParams] = useSearchParams();
  const connected = params.get("connected");
  const callbackError = params.get("oauthError");
  const [outcome, setOutcome] = useState<Outcome>(() => {
    if (connected) return { tone: "success", message: t("admin.account.connected", { id: connected }) };
    if (callbackError) {
      return {
        tone: "danger",
        message: isCallbackError(callbackError)
          ? t(`admin.account.callback.${callbackError}`)
          : t("admin.account.callback.code_refused"),
      };
    }
    return null;
  });
  const dismiss = () => {
    setOutcome(null);
    if (connected || callbackError) setParams({}, { replace: true });
  };
  return (
    <>
      <PageHeading title={t("admin.account.title")} description={t("admin.account.description")} />
      <OutcomeAlert outcome={outcome} onDismiss={dismiss} />
      <ChargingSettingSection onOutcome={setOutcome} />
      <ChargingAccountSection />
      <ConnectionsSection onOutcome={setOutcome} />
    </>
  );
}
