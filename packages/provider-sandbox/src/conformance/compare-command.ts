// `mercadopago-sandbox compare --against <base url> --token <access token>`: the
// drift check for users with real test credentials. It replays the
// conformance scenarios against that base URL and against a sandbox started
// here, and prints where their statuses or body shapes differ.

import { parseArgs } from "node:util";
import { isSiteId } from "../core/credentials";
import { createSandbox } from "../create-sandbox";
import { compareTargets, formatCompareResult } from "./compare";
import { CONFORMANCE_SCENARIOS, PENDING_SCENARIOS } from "./scenarios";

export const COMPARE_USAGE = `Usage: mercadopago-sandbox compare --against URL --token TOKEN [options]
  --against URL            base URL to check, e.g. https://api.mercadopago.com
  --token TOKEN            a test seller's access token there (never printed)
  --site SITE              that seller's site: MLA MLB MLM MLC MCO MPE MLU (default MLA)
  --client-id ID           an OAuth app of that seller (for the /oauth/token scenarios)
  --client-secret SECRET
  --only IDS               comma-separated scenario ids or id prefixes (e.g. payments.,orders.get)
  --pending                also replay the scenarios of corrections still pending (FIDELITY.md)
  --against-control URL    the control API of the --against target, when it is itself a sandbox
Use a test seller's credentials only: the scenarios create payments (test cards), refunds,
customers, orders, plans and subscriptions on that account.
Exit status: 0 when nothing differs, 1 when something does, 2 on a usage error.`;

export interface CommandIo {
  log(text: string): void;
  error(text: string): void;
}

/** Runs the subcommand with its own arguments (after `compare`); resolves to the exit status. */
export async function runCompareCommand(args: string[], io: CommandIo = console): Promise<number> {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(args).values;
  } catch (error) {
    io.error(`${error instanceof Error ? error.message : String(error)}\n\n${COMPARE_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.log(COMPARE_USAGE);
    return 0;
  }
  const problem = checkValues(values);
  if (problem) {
    io.error(`${problem}\n\n${COMPARE_USAGE}`);
    return 2;
  }
  const site = values.site ?? "MLA";
  if (!isSiteId(site)) return 2;
  const only = values.only?.split(",").filter((part) => part !== "") ?? [];
  const pool = values.pending ? [...CONFORMANCE_SCENARIOS, ...PENDING_SCENARIOS] : CONFORMANCE_SCENARIOS;
  const scenarios = pool.filter((s) => only.length === 0 || only.some((prefix) => s.id.startsWith(prefix)));

  const sandbox = await createSandbox({ port: 0, tickIntervalMs: 0, webhookRetryDelaysMs: [50, 100, 200] });
  try {
    const result = await compareTargets({
      scenarios,
      against: {
        baseUrl: values.against ?? "",
        token: values.token ?? "",
        siteId: site,
        controlUrl: values["against-control"] ?? null,
        ...(values["client-id"] && values["client-secret"]
          ? { oauthApp: { clientId: values["client-id"], clientSecret: values["client-secret"] } }
          : {}),
      },
      sandbox: () => ({
        baseUrl: sandbox.url,
        token: sandbox.control.createSeller({ siteId: site }).accessToken,
        controlUrl: sandbox.url,
        siteId: site,
      }),
    });
    io.log(formatCompareResult(result));
    return result.differences.length === 0 ? 0 : 1;
  } finally {
    await sandbox.close();
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    options: {
      against: { type: "string" },
      token: { type: "string" },
      site: { type: "string", default: "MLA" },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      only: { type: "string" },
      pending: { type: "boolean", default: false },
      "against-control": { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
}

function checkValues(values: ReturnType<typeof parse>["values"]): string | null {
  if (!values.against || !URL.canParse(values.against)) return "--against must be a base URL";
  if (!values.token) return "--token is required";
  if (!isSiteId(values.site ?? "MLA")) return `--site must be one of MLA MLB MLM MLC MCO MPE MLU, got ${values.site}`;
  if (Boolean(values["client-id"]) !== Boolean(values["client-secret"]))
    return "--client-id and --client-secret go together";
  const control = values["against-control"];
  if (control && !URL.canParse(control)) return "--against-control must be a URL";
  return null;
}
