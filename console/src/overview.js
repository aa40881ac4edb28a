// The overview: who is signed in, for which partner, in which environment;
// from GET /console/api/overview the balances, what needs attention (each
// failed withdrawal and failed delivery linked to its page), the last 30
// days of withdrawals and collections (chart.js) and the networks' state;
// and where the role may go. Right after a sign-up it also shows the first
// key pair's secret, once. Amounts are shown as the API's strings.
import { html } from 'htm/preact';
import { call, query } from './api.js';
import { ActivityChart, fillDays } from './chart.js';
import { Details, ErrorNote, Loading, PageTitle, SecretOnce, Status, When, useLoad } from './ui.js';

// how many failed items of each kind the overview names one by one
const NAMED = 10;

function Balances({ balances }) {
	return html`<section aria-labelledby="balances-title">
		<h2 id="balances-title">Balances</h2>
		<div class="table-wrap"><table id="balances" class="narrow-table">
			<caption>Your balances, available and pending</caption>
			<thead><tr>
				<th scope="col">Currency</th><th scope="col" class="num">Available</th>
				<th scope="col" class="num">Pending</th>
			</tr></thead>
			<tbody>${balances.map((b) => html`<tr key=${b.currency}>
				<th scope="row">${b.currency}</th><td class="num">${b.available}</td><td class="num">${b.pending}</td>
			</tr>`)}</tbody>
		</table></div>
	</section>`;
}

function Networks({ networks }) {
	return html`<section aria-labelledby="networks-title">
		<h2 id="networks-title">Mobile money networks</h2>
		<div class="table-wrap"><table id="networks" class="narrow-table">
			<caption>The networks and their state now</caption>
			<thead><tr>
				<th scope="col">Network</th><th scope="col">Id</th><th scope="col">State</th>
			</tr></thead>
			<tbody>${networks.map((n) => html`<tr key=${n.network_id}>
				<td>${n.name ?? n.network_id}</td><td><code>${n.network_id}</code></td>
				<td><${Status} value=${n.status} /></td>
			</tr>`)}</tbody>
		</table></div>
	</section>`;
}

// The failed withdrawals since from (a date), at most NAMED, each linked
// to its page.
function FailedWithdrawals({ count, from }) {
	const list = useLoad(() => call('GET', '/console/api/withdrawals' +
		query({ status: 'failed', from_date: from, per_page: NAMED })), [count, from]);
	const rows = (list.data && list.data.data) || [];
	return html`<li id="attention-withdrawals">
		${count} failed withdrawal${count === 1 ? '' : 's'} in the last 30 days:
		<${ErrorNote} error=${list.error} />
		${rows.length > 0 && html`<ul>${rows.map((w) => html`<li key=${w.withdrawal_id}>
			<a href=${'#/withdrawals/' + encodeURIComponent(w.withdrawal_id)}>${w.reference_id}</a>,
			${' ' + w.amount} ${w.currency}, <${When} iso=${w.created_at} />
		</li>`)}</ul>`}
		${count > rows.length && html`<p><a href="#/withdrawals">All withdrawals</a> (filter by status
			failed).</p>`}
	</li>`;
}

// The failed webhook deliveries: for a role that may read them, at most
// NAMED, each linked to its event; for another, how many.
function FailedDeliveries({ count, may }) {
	if (!may.webhooks)
		return html`<li id="attention-deliveries">${count} failed webhook deliver${count === 1 ? 'y' : 'ies'}: a
			developer or an owner can read them on the Webhooks page.</li>`;
	return html`<${FailedDeliveryList} count=${count} />`;
}

function FailedDeliveryList({ count }) {
	const list = useLoad(() => call('GET', '/console/api/webhook-deliveries' +
		query({ status: 'failed', per_page: NAMED })), [count]);
	const rows = (list.data && list.data.data) || [];
	return html`<li id="attention-deliveries">
		${count} failed webhook deliver${count === 1 ? 'y' : 'ies'} (the receiver never answered 2xx):
		<${ErrorNote} error=${list.error} />
		${rows.length > 0 && html`<ul>${rows.map((d) => html`<li key=${d.event_id + ' ' + d.webhook_id}>
			<a href=${'#/webhooks/deliveries/' + encodeURIComponent(d.event_id)}>${d.event_id}</a>
			${' '}(${d.event_type}) to <span class="url">${d.url}</span>
		</li>`)}</ul>`}
		${count > rows.length && html`<p><a href="#/webhooks">The delivery log</a>.</p>`}
	</li>`;
}

// Withdrawals whose payout an operator is reviewing: how many, and why.
function HeldWithdrawals({ count }) {
	return html`<li id="attention-held">${count} withdrawal${count === 1 ? ' is' : 's are'} held for
		review: the mobile money provider's answer did not match what was asked, so the money stays
		in flight until our operators settle it (no action needed from you; the withdrawal's page
		shows it as processing).</li>`;
}

function Attention({ attention, from, may }) {
	const w = attention.failed_withdrawals, d = attention.failed_deliveries;
	const h = attention.held_withdrawals ?? 0;
	return html`<section aria-labelledby="attention-title">
		<h2 id="attention-title">Needs attention</h2>
		${w === 0 && d === 0 && h === 0
			? html`<p id="attention-none">Nothing: no failed withdrawal in the last 30 days, no failed webhook
				delivery, nothing held for review.</p>`
			: html`<ul class="attention">
				${w > 0 && html`<${FailedWithdrawals} count=${w} from=${from} />`}
				${h > 0 && html`<${HeldWithdrawals} count=${h} />`}
				${d > 0 && html`<${FailedDeliveries} count=${d} may=${may} />`}
			</ul>`}
	</section>`;
}

// What GET /console/api/overview answers, drawn; its error in its place.
function Figures({ may }) {
	const ov = useLoad(() => call('GET', '/console/api/overview'), []);
	const o = ov.data && ov.data.data;
	if (!o)
		return html`<${ErrorNote} error=${ov.error} /><${Loading} loading=${ov.loading} />`;
	const days = fillDays(o.last_30_days);
	return html`<${Balances} balances=${o.balances} />
		<${Attention} attention=${o.attention} from=${days[0].date} may=${may} />
		<section aria-labelledby="activity-title">
			<h2 id="activity-title">The last 30 days</h2>
			<${ActivityChart} days=${days} />
		</section>
		<${Networks} networks=${o.networks} />`;
}

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
		<${Figures} may=${may} />
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
