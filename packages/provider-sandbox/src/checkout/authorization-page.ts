// The OAuth consent page (the provider's `auth.mercadopago.com/authorization`):
// "<app> wants to connect to your account", with Authorize / Deny. In the
// sandbox, authorizing creates a new test seller, so the page also asks which
// country (site) that seller belongs to.

import type { SiteId } from "../context";
import { SITE_IDS } from "../core/credentials";
import { SITE_COUNTRY } from "../data/site-data";
import { html, renderPage } from "./html";

export interface AuthorizationPageInput {
  appName: string;
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  defaultSiteId: SiteId;
}

function hidden(name: string, value: string | null) {
  return value === null ? null : html`<input type="hidden" name="${name}" value="${value}">`;
}

/** The consent form; it posts to `/authorization` with `decision=authorize|deny`. */
export function renderAuthorizationPage(input: AuthorizationPageInput): string {
  let host = input.redirectUri;
  try {
    host = new URL(input.redirectUri).host;
  } catch {}
  const body = html`<h1>${input.appName} wants to connect to your account</h1>
<section class="card" aria-labelledby="consent-title">
<h2 id="consent-title">What ${input.appName} will be able to do</h2>
<ul>
<li>See your sales and payments (<code>read</code>).</li>
<li>Create payments, preferences, orders and refunds on your behalf (<code>write</code>).</li>
<li>Keep access when you are not using it (<code>offline_access</code>).</li>
</ul>
<p>After you decide you go back to <strong>${host}</strong>.</p>
<form method="post" action="authorization" id="consent-form">
${hidden("client_id", input.clientId)}
${hidden("redirect_uri", input.redirectUri)}
${hidden("state", input.state)}
${hidden("code_challenge", input.codeChallenge)}
${hidden("code_challenge_method", input.codeChallengeMethod)}
<div class="field">
<label for="site_id">Country of the new test seller</label>
<span class="hint" id="site_id-hint">The sandbox creates a new test seller for this connection.</span>
<select id="site_id" name="site_id" aria-describedby="site_id-hint">
${SITE_IDS.map(
  (site) =>
    html`<option value="${site}"${site === input.defaultSiteId ? html` selected` : null}>${SITE_COUNTRY[site]} (${site})</option>`,
)}
</select>
</div>
<div class="actions">
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</div>
</form>
</section>`;
  return renderPage({ title: `Connect ${input.appName} — sandbox`, body, skipTo: "consent-form" });
}
