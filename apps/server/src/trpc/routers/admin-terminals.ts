// admin.terminals.*: the console's card terminals (Point). Reads are open to viewers; provider calls that
// change anything (a terminal's mode, a charge, a cancel) need an operator. Each procedure validates with the
// contracts' schemas and calls one domain function.
import {
  createPointIntentInputSchema,
  listPointIntentsInputSchema,
  listPointIntentsOutputSchema,
  pointEventsInputSchema,
  pointEventsOutputSchema,
  pointIntentRefInputSchema,
  pointIntentSchema,
  pointIntentStatusOutputSchema,
  setTerminalModeInputSchema,
  setTerminalModeOutputSchema,
  simulateTerminalTapInputSchema,
  terminalDeviceListInputSchema,
  terminalDeviceListOutputSchema,
} from "@cobro/contracts";
import { simulateTerminalTap } from "../../domain/sandbox-test-controls/simulate-terminal-tap";
import { followPointIntent } from "../../domain/terminals/follow-point-intent";
import {
  cancelPointIntent,
  createPointIntent,
  getPointIntent,
  getPointIntentStatus,
  listPointEvents,
  listPointIntents,
  refreshPointIntent,
  resendPointIntent,
} from "../../domain/terminals/point-intents";
import { listTerminalDevices, setTerminalMode } from "../../domain/terminals/terminal-devices";
import { accountIdOfScope } from "../../provider/account-scope";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

export const adminTerminalsRouter = router({
  /** Sandbox only (403 `sandbox_only` in live mode): the terminal takes the charge and the card approves or declines. */
  simulateTap: operatorProcedure
    .input(simulateTerminalTapInputSchema)
    .output(pointIntentSchema)
    .mutation(({ ctx, input }) => simulateTerminalTap({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),

  devices: viewerProcedure
    .input(terminalDeviceListInputSchema)
    .output(terminalDeviceListOutputSchema)
    .query(({ ctx, input }) =>
      listTerminalDevices({ deps: ctx.deps, accountId: accountIdOfScope(input.account), filters: input }),
    ),

  setMode: operatorProcedure
    .input(setTerminalModeInputSchema)
    .output(setTerminalModeOutputSchema)
    .mutation(({ ctx, input }) => setTerminalMode({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),

  createIntent: operatorProcedure
    .input(createPointIntentInputSchema)
    .output(pointIntentSchema)
    .mutation(({ ctx, input }) => createPointIntent({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  /** Re-reads the intent from the provider (the page polls it while the intent is not final). */
  intent: viewerProcedure
    .input(pointIntentRefInputSchema)
    .output(pointIntentSchema)
    .query(({ ctx, input }) => refreshPointIntent({ deps: ctx.deps, id: input.id })),

  /**
   * The intent followed live (server-sent events): its view at once, then each change, ending on a final state.
   * Same access as `intent`. The view carries no secrets (no keys, no tokens, only what the page shows).
   */
  intentUpdates: viewerProcedure.input(pointIntentRefInputSchema).subscription(async ({ ctx, input, signal }) => {
    // A missing intent is refused here (a 404 through the usual error mapping), before the stream opens.
    await getPointIntent({ deps: ctx.deps, id: input.id });
    return followPointIntent({ deps: ctx.deps, id: input.id, signal });
  }),

  cancelIntent: operatorProcedure
    .input(pointIntentRefInputSchema)
    .output(pointIntentSchema)
    .mutation(({ ctx, input }) => cancelPointIntent({ deps: ctx.deps, actorUserId: ctx.user.id, id: input.id })),

  /** Sends a charge whose answer was never seen again, with its stored key and body (one intent at most). */
  resendIntent: operatorProcedure
    .input(pointIntentRefInputSchema)
    .output(pointIntentSchema)
    .mutation(({ ctx, input }) => resendPointIntent({ deps: ctx.deps, actorUserId: ctx.user.id, id: input.id })),

  intents: viewerProcedure
    .input(listPointIntentsInputSchema)
    .output(listPointIntentsOutputSchema)
    .query(({ ctx, input }) => listPointIntents({ deps: ctx.deps, ...input })),

  events: viewerProcedure
    .input(pointEventsInputSchema)
    .output(pointEventsOutputSchema)
    .query(({ ctx, input }) => listPointEvents({ deps: ctx.deps, ...input })),

  intentStatus: viewerProcedure
    .input(pointIntentRefInputSchema)
    .output(pointIntentStatusOutputSchema)
    .query(({ ctx, input }) => getPointIntentStatus({ deps: ctx.deps, id: input.id })),
});
