// The users page's "Invite staff" (admins only, like the page): an address and a role send an invitation e-mail
// through the outbox; the open invitations are listed with Resend (a new link, the old one stops working) and
// Revoke (after a confirmation). The server audits every change.
import { emailSchema, STAFF_ROLES, type StaffInvitation, type StaffRole } from "@cobro/contracts";
import { Button, ConfirmDialog, SelectField, StatusBadge, TextField } from "@cobro/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryList } from "../../../shared/components/query-list";
import { describeError } from "../../../shared/errors/describe-error";
import { type FieldMessages, translatedResolver } from "../../../shared/forms/form-errors";
import { trpc } from "../../../trpc";
import { OutcomeAlert, roleKey, useOutcome } from "../admin-outcome";

// The address as the server reads it (trimmed, lower case), checked before anything is sent.
const inviteSchema = z.object({ email: emailSchema, role: z.enum(STAFF_ROLES) });
const INVITE_MESSAGES: FieldMessages = { email: "admin.invitations.emailInvalid" };

export function StaffInvitationsSection() {
  const { t, language, formatDate } = useI18n();
  const utils = trpc.useUtils();
  const invitations = trpc.admin.invitations.list.useQuery();
  const create = trpc.admin.invitations.create.useMutation();
  const resend = trpc.admin.invitations.resend.useMutation();
  const revoke = trpc.admin.invitations.revoke.useMutation();
  const { outcome, succeeded, failed, clear } = useOutcome();
  const form = useForm<{ email: string; role: StaffRole }, unknown, z.output<typeof inviteSchema>>({
    defaultValues: { email: "", role: "viewer" },
    resolver: translatedResolver(zodResolver(inviteSchema), INVITE_MESSAGES, t),
  });
  const [revoking, setRevoking] = useState<StaffInvitation | null>(null);
  const busy = create.isPending || resend.isPending || revoke.isPending;
  const roleOptions = STAFF_ROLES.map((value) => ({ value, label: t(roleKey(value)) }));

  const invite = form.handleSubmit(async ({ email, role }) => {
    clear();
    try {
      await create.mutateAsync({ email, role, locale: language });
      succeeded(t("admin.invitations.sent", { email, role: t(roleKey(role)) }));
      form.reset({ email: "", role });
      void utils.admin.invitations.list.invalidate();
    } catch (error) {
      const described = describeError(error, { t, language });
      // The address is what the server refused (already staff, an open invitation): said beside the field.
      if (described.field === "email") form.setError("email", { message: described.message }, { shouldFocus: true });
      else failed(error);
    }
  });

  const resendOne = async (invitation: StaffInvitation) => {
    clear();
    try {
      await resend.mutateAsync({ invitationId: invitation.id });
      succeeded(t("admin.invitations.resent", { email: invitation.email }));
    } catch (error) {
      failed(error);
    } finally {
      void utils.admin.invitations.list.invalidate();
    }
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ invitationId: revoking.id });
      succeeded(t("admin.invitations.revoked", { email: revoking.email }));
    } catch (error) {
      failed(error);
    } finally {
      setRevoking(null);
      void utils.admin.invitations.list.invalidate();
    }
  };

  return (
    <section aria-labelledby="staff-invitations-heading">
      <h2 id="staff-invitations-heading">{t("admin.invitations.title")}</h2>
      <p className="admin-hint">{t("admin.invitations.description")}</p>
      <form className="admin-filters" noValidate onSubmit={(event) => void invite(event)}>
        <TextField
          label={t("admin.invitations.email")}
          type="email"
          autoComplete="off"
          error={form.formState.errors.email?.message}
          {...form.register("email")}
        />
        <SelectField label={t("admin.invitations.role")} options={roleOptions} {...form.register("role")} />
        <Button type="submit" disabled={busy}>
          {create.isPending ? t("admin.common.working") : t("admin.invitations.invite")}
        </Button>
      </form>
      <OutcomeAlert outcome={outcome} onDismiss={clear} />
      <h3>{t("admin.invitations.pending")}</h3>
      <QueryList
        query={invitations}
        items={invitations.data?.items}
        loadingLabel={t("admin.invitations.loading")}
        failedTitle={t("admin.invitations.failed")}
        headingLevel={4}
        empty={{ title: t("admin.invitations.empty"), description: t("admin.invitations.emptyHint") }}
      >
        {(items) => (
          <div className="admin-table-wrap" aria-busy={invitations.isFetching}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.users.colEmail")}</th>
                  <th scope="col">{t("admin.users.colRole")}</th>
                  <th scope="col">{t("admin.invitations.colInvitedBy")}</th>
                  <th scope="col">{t("admin.invitations.colExpires")}</th>
                  <th scope="col">{t("admin.common.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((invitation) => (
                  <tr key={invitation.id} data-testid={`invitation-row-${invitation.email}`}>
                    <th scope="row">{invitation.email}</th>
                    <td>{t(roleKey(invitation.role))}</td>
                    <td>{invitation.invitedByName ?? "—"}</td>
                    <td>
                      {invitation.expired ? (
                        <StatusBadge tone="danger">{t("admin.invitations.expired")}</StatusBadge>
                      ) : (
                        formatDate(invitation.expiresAt)
                      )}
                    </td>
                    <td className="admin-actions">
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                        aria-label={t("admin.invitations.resendTo", { email: invitation.email })}
                        onClick={() => void resendOne(invitation)}
                      >
                        {t("admin.invitations.resend")}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={busy}
                        aria-label={t("admin.invitations.revokeFor", { email: invitation.email })}
                        onClick={() => setRevoking(invitation)}
                      >
                        {t("admin.invitations.revoke")}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryList>
      <ConfirmDialog
        open={revoking !== null}
        title={t("admin.invitations.confirmRevokeTitle", { email: revoking?.email ?? "" })}
        confirmLabel={t("admin.invitations.revoke")}
        cancelLabel={t("common.cancel")}
        tone="danger"
        busy={revoke.isPending}
        busyLabel={t("admin.common.working")}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      >
        {t("admin.invitations.confirmRevokeBody")}
      </ConfirmDialog>
    </section>
  );
}
