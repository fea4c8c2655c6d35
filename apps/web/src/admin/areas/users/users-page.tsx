// /admin/users (admins only): search users by email or name and role (the
// filters live in the URL), change a role, disable or enable an account, and
// sign a user out everywhere — each after a confirmation. The server keeps the
// last active admin; this page shows its refusal.
import { type AdminUser, USER_ROLES, type UserRole } from "@cobro/contracts";
import { Alert, Button, ConfirmDialog, PageHeading, Pagination, SelectField, StatusBadge, TextField } from "@cobro/ui";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { OutcomeAlert, roleKey, useOutcome } from "../admin-outcome";
import { StaffInvitationsSection } from "./staff-invitations-section";

const PAGE_SIZE = 20;

type PendingAction =
  | { kind: "role"; user: AdminUser; role: UserRole }
  | { kind: "disable" | "enable" | "signOut"; user: AdminUser };

function isUserRole(value: string | null): value is UserRole {
  return value !== null && (USER_ROLES as readonly string[]).includes(value);
}

export function UsersPage() {
  const { t, language } = useI18n();
  useDocumentTitle(t("admin.users.title"));
  const { user: me } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const roleParam = params.get("role");
  const role = isUserRole(roleParam) ? roleParam : undefined;
  const [draft, setDraft] = useState(search);
  const utils = trpc.useUtils();
  const users = trpc.admin.users.list.useInfiniteQuery(
    { limit: PAGE_SIZE, ...(search ? { search } : {}), ...(role ? { role } : {}) },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: (previous) => previous },
  );
  const { outcome, succeeded, failed, clear } = useOutcome();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const setRole = trpc.admin.users.setRole.useMutation();
  const setDisabled = trpc.admin.users.setDisabled.useMutation();
  const signOut = trpc.admin.users.signOutEverywhere.useMutation();
  const busy = setRole.isPending || setDisabled.isPending || signOut.isPending;

  const applyFilters = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (draft.trim()) next.set("q", draft.trim());
    else next.delete("q");
    setParams(next);
  };
  const changeRoleFilter = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set("role", value);
    else next.delete("role");
    setParams(next);
  };

  const confirm = async () => {
    if (!pending) return;
    const { user } = pending;
    try {
      if (pending.kind === "role") {
        await setRole.mutateAsync({ userId: user.id, role: pending.role });
        succeeded(t("admin.users.roleChanged", { name: user.name, role: t(roleKey(pending.role)) }));
      } else if (pending.kind === "signOut") {
        const result = await signOut.mutateAsync({ userId: user.id });
        succeeded(t("admin.users.signedOutDone", { name: user.name, count: result.sessionsEnded }));
      } else {
        await setDisabled.mutateAsync({ userId: user.id, disabled: pending.kind === "disable" });
        succeeded(
          t(pending.kind === "disable" ? "admin.users.disabledDone" : "admin.users.enabledDone", { name: user.name }),
        );
      }
    } catch (error) {
      failed(error);
    } finally {
      setPending(null);
      await utils.admin.users.list.invalidate();
    }
  };

  const dialog = pending ? describePending(pending) : null;
  function describePending(action: PendingAction) {
    const name = action.user.name;
    switch (action.kind) {
      case "role":
        return {
          title: t("admin.users.confirmRoleTitle", { name, role: t(roleKey(action.role)) }),
          body: t("admin.users.confirmRoleBody"),
          confirm: t("admin.users.confirmRole"),
        };
      case "disable":
        return {
          title: t("admin.users.confirmDisableTitle", { name }),
          body: t("admin.users.confirmDisableBody"),
          confirm: t("admin.users.disable"),
        };
      case "enable":
        return {
          title: t("admin.users.confirmEnableTitle", { name }),
          body: t("admin.users.confirmEnableBody"),
          confirm: t("admin.users.enable"),
        };
      case "signOut":
        return {
          title: t("admin.users.confirmSignOutTitle", { name }),
          body: t("admin.users.confirmSignOutBody"),
          confirm: t("admin.users.signOutEverywhere"),
        };
    }
  }

  const roleOptions = USER_ROLES.map((value) => ({ value, label: t(roleKey(value)) }));

  const columns: AdminColumn<AdminUser>[] = [
    {
      id: "name",
      header: t("admin.users.colName"),
      rowHeader: true,
      cell: (user) => (
        <>
          {user.name} {user.id === me?.id ? t("admin.users.you") : null}
        </>
      ),
    },
    {
      id: "email",
      header: t("admin.users.colEmail"),
      cell: (user) => (
        <>
          {user.email}
          {user.providerCustomerId ? (
            <>
              {" · "}
              <Link
                to={`/admin/customers/${encodeURIComponent(user.providerCustomerId)}`}
                aria-label={t("admin.users.openCustomerOf", { email: user.email })}
              >
                {t("admin.users.openCustomer")}
              </Link>
            </>
          ) : null}
          <br />
          <small className="admin-hint" data-testid="user-email-verified">
            {user.emailVerifiedAt ? t("admin.users.emailVerified") : t("admin.users.emailUnverified")}
          </small>
        </>
      ),
    },
    {
      id: "role",
      header: t("admin.users.colRole"),
      cell: (user) => (
        <SelectField
          className="admin-inline-field"
          label={t("admin.users.roleOf", { name: user.name })}
          value={user.role}
          disabled={busy}
          onChange={(event) => {
            const next = event.target.value;
            if (isUserRole(next) && next !== user.role) setPending({ kind: "role", user, role: next });
          }}
          options={roleOptions}
        />
      ),
    },
    {
      id: "status",
      header: t("admin.users.colStatus"),
      cell: (user) => (
        <StatusBadge tone={user.disabledAt ? "danger" : "success"}>
          {user.disabledAt ? t("admin.users.disabled") : t("admin.users.active")}
        </StatusBadge>
      ),
    },
    {
      id: "actions",
      header: t("admin.common.actions"),
      cell: (user) => (
        <div className="admin-row-actions">
          {user.id === me?.id ? null : (
            <Button
              size="sm"
              variant={user.disabledAt ? "secondary" : "danger"}
              disabled={busy}
              onClick={() => setPending({ kind: user.disabledAt ? "enable" : "disable", user })}
            >
              {user.disabledAt ? t("admin.users.enable") : t("admin.users.disable")}
            </Button>
          )}
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setPending({ kind: "signOut", user })}>
            {t("admin.users.signOutEverywhere")}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeading title={t("admin.users.title")} description={t("admin.users.description")} />
      <StaffInvitationsSection />
      <search aria-label={t("admin.users.filters")}>
        <form className="admin-filters" onSubmit={applyFilters}>
          <TextField
            label={t("admin.users.search")}
            type="search"
            name="q"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <SelectField
            label={t("admin.users.roleFilter")}
            name="role"
            value={role ?? ""}
            onChange={(event) => changeRoleFilter(event.target.value)}
            options={[{ value: "", label: t("admin.users.allRoles") }, ...roleOptions]}
          />
          <Button type="submit" variant="secondary">
            {t("admin.users.apply")}
          </Button>
        </form>
      </search>
      <OutcomeAlert outcome={outcome} onDismiss={clear} />
      <AdminTable
        label={t("admin.users.title")}
        query={users}
        items={users.data?.pages.flatMap((page) => page.items)}
        failed={users.isError && !users.data}
        loadingLabel={t("admin.users.loading")}
        failedTitle={t("admin.users.failed")}
        empty={{ title: t("admin.users.empty"), description: t("admin.users.emptyHint") }}
        busy={users.isFetching}
        columns={columns}
        rowKey={(user) => user.id}
        rowProps={(user) => ({ "data-testid": `user-row-${user.email}` })}
        after={(items) => (
          <>
            {users.isFetchNextPageError ? (
              <Alert tone="danger">{describeError(users.error, { t, language }).message}</Alert>
            ) : null}
            <Pagination
              hasMore={users.hasNextPage}
              loading={users.isFetchingNextPage}
              onLoadMore={() => void users.fetchNextPage()}
              loadMoreLabel={t("common.loadMore")}
              loadingLabel={t("common.loadingMore")}
              status={t("admin.common.showing", { count: items.length })}
              endLabel={t("common.endOfList")}
            />
          </>
        )}
      />
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ""}
        confirmLabel={dialog?.confirm ?? ""}
        cancelLabel={t("common.cancel")}
        tone={pending?.kind === "enable" ? "primary" : "danger"}
        busy={busy}
        busyLabel={t("admin.common.working")}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {dialog?.body}
      </ConfirmDialog>
    </>
  );
}

export default UsersPage;
