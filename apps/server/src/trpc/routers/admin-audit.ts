// admin.audit.*: the append-only audit log, searched by staff (viewers and up).
import { auditSearchInputSchema } from "@cobro/contracts";
import { z } from "zod";
import { searchAuditLog } from "../../domain/audit/search-audit-log";
import { router, viewerProcedure } from "../trpc";

const auditEntrySchema = z.object({
  id: z.uuid(),
  actorUserId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  details: z.json().nullable(),
  createdAt: z.iso.datetime(),
});

export const adminAuditRouter = router({
  search: viewerProcedure
    .input(auditSearchInputSchema)
    .output(z.object({ items: z.array(auditEntrySchema), nextCursor: z.uuid().nullable() }))
    .query(async ({ ctx, input }) => {
      const page = await searchAuditLog({ db: ctx.deps.db, ...input });
      return {
        items: page.items.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
        nextCursor: page.nextCursor,
      };
    }),
});
