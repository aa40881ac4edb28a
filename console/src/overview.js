// The overview: who is signed in, for which partner, in which environment,
// and where the role may go. Right after a sign-up it also shows the first
// key pair's secret, once.
import { html } from 'htm/preact';
import { Details, PageTitle, SecretOnce, When } from './ui.js';

export function Overview({ session, firstKey }) {
	const { user, partner, permissions: may } = session;
	return html`<${PageTitle}>Overview<//>
		${firstKey && html`<${SecretOnce} title="Your first key pair" secret=${firstKey.secret_key}
			publicKey=${firstKey.public_key} />`}
		<section aria-labelledby="partner-title">
			<h2 id="partner-title">Your account</h2>
			<${Details} rows=${[
				['Partner', html`<span id="partner-name">${partner.name}</span>`],
				['Partner id', html`<code>${partner.id}</code>`],
				['Environment', partner.environment],
				['Tier', partner.tier],
				['Signed in as', user.email],
				['Role', html`<span id="user-role">${user.role}</span>`],
				['Signed in at', html`<${When} iso=${session.signed_in_at} />`],
			]} />
		</section>
		<section aria-labelledby="go-title">
			<h2 id="go-title">Where to go</h2>
			<ul class="links">
				<li><a href="#/withdrawals">Withdrawals</a>: payouts to mobile money wallets, their status;
					${may.cancel ? ' cancel one not yet sent' : ' read only'}.</li>
				<li><a href="#/payment-intents">Payment intents</a>: collections from payers in GHS.</li>
				${may.keys && html`<li><a href="#/keys">API keys</a>: create and revoke your key pairs.</li>`}
				${may.webhooks && html`<li><a href="#/webhooks">Webhooks</a>: where events are posted, and how
					each delivery went.</li>`}
				${may.team && html`<li><a href="#/team">Team</a>: who has access, and their roles; invite and
					remove people.</li>`}
				${may.team && html`<li><a href="#/audit">Audit log</a>: who signed in and changed what.</li>`}
				${partner.environment === 'sandbox' && html`<li><a href="#/mail">Sandbox mail</a>: the mail the
					console sent your people (invitations, password resets), kept here in the sandbox.</li>`}
				<li><a href="#/security">Security</a>: two-factor sign-in${may.team ? ', for you and every member' : ''}.</li>
			</ul>
		</section>`;
}
