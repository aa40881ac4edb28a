// The wallet developer's JWT verification (#/wallet-jwt; docs/console.md,
// "The wallet developer dashboard"): the issuer and audience a wallet
// token must name and the wallet-login provider's JWKS URL. What is in
// force is shown (each set here, else the config's); the form sets them,
// an empty field leaving the config's. Saving needs the password from the
// last five minutes (403 reauth_required: the page asks, then retries).
// Every value is rendered as text.
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { call } from './api.js';
import { useForm, useSensitive } from './auth.js';
import { Details, ErrorNote, Field, Loading, PageTitle, StatusNote, When, useLoad } from './ui.js';

const WHY = 'Changing how wallet tokens are verified needs your password from the last five minutes.';

// A setting in force: its value, and whether it is the dashboard's.
function InForce({ own, value, id }) {
	if (value === null)
		return html`<span id=${id}>none</span>`;
	return html`<span id=${id}><code>${value}</code>${own === null ? ' (the config\'s)' : ' (set here)'}</span>`;
}

export function WalletJwt() {
	const load = useLoad(() => call('GET', '/console/api/wallet/jwt'), []);
	const [now, setNow] = useState(null);
	const [note, setNote] = useState(null);
	const s = now || (load.data && load.data.data);
	const [v, set, , setAll] = useForm({ issuer: '', audience: '', jwks_url: '' });
	const act = useSensitive(WHY, 'reauth-jwt');
	const busy = act.busy || act.waiting;
	useEffect(() => {
		if (s)
			setAll({ issuer: s.issuer ?? '', audience: s.audience ?? '', jwks_url: s.jwks_url ?? '' });
	}, [load.data]);
	function submit(e) {
		e.preventDefault();
		if (busy)
			return;
		setNote(null);
		const body = { issuer: v.issuer || null, audience: v.audience || null, jwks_url: v.jwks_url || null };
		act.perform(async () => {
			const r = await call('PUT', '/console/api/wallet/jwt', body);
			setNow(r.data);
			setNote('Saved: every web server verifies wallet tokens this way within a few seconds.');
		});
	}
	return html`<${PageTitle}>Wallet sign-in (JWT)<//>
		<p>Wallet API calls carry a token from your wallet's sign-in provider. These settings say how the
			service checks it: the issuer (<code>iss</code>) it must name, the audience (<code>aud</code>) it
			must hold, and where your provider publishes its keys (a JWKS URL, fetched again when a token names
			a key it lacks). A field left empty keeps the service's own configuration.</p>
		<${Loading} loading=${load.loading} />
		<${ErrorNote} error=${load.error} />
		${s && html`<section aria-labelledby="jwt-now-title">
			<h2 id="jwt-now-title">In force</h2>
			<${Details} rows=${[
				['Issuer', html`<${InForce} id="jwt-issuer" own=${s.issuer} value=${s.effective.issuer} />`],
				['Audience', html`<${InForce} id="jwt-audience" own=${s.audience} value=${s.effective.audience} />`],
				['JWKS URL', html`<${InForce} id="jwt-jwks" own=${s.jwks_url} value=${s.effective.jwks_url} />`],
				['Last set here', s.updated_at ? html`<${When} iso=${s.updated_at} />` : 'never'],
			]} />
		</section>`}
		${note && html`<${StatusNote} id="jwt-note">${note}<//>`}
		<section aria-labelledby="jwt-form-title">
			<h2 id="jwt-form-title">Set them</h2>
			${act.prompt}
			<form class="card" onSubmit=${submit} aria-labelledby="jwt-form-title" novalidate>
				<${Field} id="jwt-issuer-field" label="Issuer" maxlength="255" autocomplete="off" spellcheck="false"
					hint="For example https://login.example.com/. Empty: the configuration's."
					value=${v.issuer} onInput=${set('issuer')} />
				<${Field} id="jwt-audience-field" label="Audience" maxlength="255" autocomplete="off"
					spellcheck="false" hint="The aud your provider puts in tokens for this wallet. Empty: the
					configuration's." value=${v.audience} onInput=${set('audience')} />
				<${Field} id="jwt-jwks-field" label="JWKS URL" type="url" maxlength="511" autocomplete="off"
					spellcheck="false" hint="https, where your provider publishes its signing keys. Empty: the
					configuration's." value=${v.jwks_url} onInput=${set('jwks_url')} />
				<${ErrorNote} error=${act.error} />
				<button type="submit" class="primary" disabled=${busy}>Save</button>
			</form>
		</section>`;
}
