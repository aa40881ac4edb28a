// The back office's Float and Reconcile pages (docs/console.md, "Back
// office"), for every back-office role to read: each network's payout
// float beside the provider's balance at its last sync and what payouts in
// flight drew, with Sync behind a reason; reconcile's last runs with their
// findings, and the unmatched chain deposits, each with Assign to partner
// (a partner's id and a reason). The buttons are there for the sessions
// with ops-money only (the operator and the platform's finance; the API
// refuses the others: a hidden button is only a courtesy).
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call, query } from './api.js';
import { useForm, useSubmit } from './auth.js';
import { Details, ErrorNote, Field, Loading, PageTitle, StatusNote, When, useLoad, usePages } from './ui.js';

const RUNS = 10;
const KINDS = {
	late_collections: 'Late collections',
	reversed_payouts: 'Reversed payouts',
	held: 'Held for review',
	unmatched_deposits: 'Unmatched chain deposits',
	unreversible: 'Unreversible deposits',
	float: 'Float comparisons',
	ledger: 'Ledger differences',
};
// a count's words where they differ from its findings' heading
const COUNTED = { float: 'Floats differing, unexplained' };
const money = (v) => (v === null || v === undefined ? '—' : `${v} GHS`);

// Sync one limited float from its provider, with the reason; onDone(answer).
function SyncFloat({ f, onDone }) {
	const [reason, setReason] = useState('');
	const id = `sync-reason-${f.network}`;
	const { busy, error, onSubmit } = useSubmit(async () => {
		const r = await call('POST', `/console/api/ops/floats/${encodeURIComponent(f.network)}/sync`, { reason });
		setReason('');
		onDone(r.data);
	});
	return html`<form class="card narrow" id=${'sync-' + f.network} onSubmit=${onSubmit}
		aria-labelledby=${'sync-title-' + f.network} novalidate>
		<h3 id=${'sync-title-' + f.network}>Sync the ${f.network} float</h3>
		<p>The float becomes the provider's balance now, less what payouts in flight drew.</p>
		<${Field} id=${id} label=${`Reason for syncing ${f.network}`} required maxlength="200" autocomplete="off"
			hint="Kept in the audit log (1 to 200 characters)." value=${reason}
			onInput=${(e) => setReason(e.currentTarget.value)} />
		<${ErrorNote} error=${error} />
		<button type="submit" class="primary" disabled=${busy}>Sync ${f.network}</button>
	</form>`;
}

// The floats: a table, and for ops-money a Sync form per limited one.
export function Floats({ session }) {
	const [done, setDone] = useState(null);
	const got = useLoad(() => call('GET', '/console/api/ops/floats').then((r) => r.data), []);
	const rows = got.data || [];
	return html`<${PageTitle}>Float<//>
		<p>Each network's payout float: the GHS our books say its payout account holds once what is in
			flight settles, beside the provider's balance at its last sync.</p>
		<${ErrorNote} error=${got.error} />
		<${Loading} loading=${got.loading} />
		${done && html`<${StatusNote} id="float-note">${`${done.network} float: ${done.synced.before} → ${done.synced.after} GHS
			(the provider holds ${done.synced.provider_balance}, payouts in flight ${done.synced.in_flight}).`}<//>`}
		${got.data && html`<table class="list" id="floats">
			<caption>The payout floats</caption>
			<thead><tr><th scope="col">Network</th><th scope="col">Float</th><th scope="col">In flight</th>
				<th scope="col">Provider at last sync</th><th scope="col">Last sync</th>
				<th scope="col">Difference then</th></tr></thead>
			<tbody>${rows.map((f) => html`<tr key=${f.network} id=${'float-' + f.network}>
				<th scope="row">${f.network}</th>
				<td class="float-balance">${f.unlimited ? 'unlimited' : money(f.balance)}</td>
				<td>${money(f.in_flight)} (${f.in_flight_payouts} payouts)</td>
				<td>${f.last_sync ? money(f.last_sync.provider_balance) : '—'}</td>
				<td>${f.last_sync ? html`<${When} iso=${f.last_sync.at} />: ${f.last_sync.reason}` : 'never'}</td>
				<td>${money(f.difference)}</td>
			</tr>`)}</tbody>
		</table>`}
		${session.permissions['ops-money'] && got.data && html`<section aria-labelledby="sync-title">
			<h2 id="sync-title">Sync a float</h2>
			${rows.filter((f) => !f.unlimited).length === 0
				? html`<p>Every float is unlimited: there is nothing to sync.</p>`
				: rows.filter((f) => !f.unlimited).map((f) => html`<${SyncFloat} key=${f.network} f=${f}
					onDone=${(n) => {
						setDone(n);
						got.reload();
					}} />`)}
		</section>`}`;
}

// Assign one unmatched deposit to a partner, with the reason; onDone(answer).
function AssignDeposit({ d, onDone }) {
	const [v, set, clear] = useForm({ partner: '', reason: '' });
	const { busy, error, onSubmit } = useSubmit(async () => {
		const r = await call('POST', `/console/api/ops/deposits/${encodeURIComponent(d.id)}/assign`,
			{ partner_id: v.partner, reason: v.reason });
		clear();
		onDone(r.data);
	});
	return html`<form class="assign" onSubmit=${onSubmit} aria-label=${'Assign ' + d.id + ' to a partner'} novalidate>
		<${Field} id=${'assign-partner-' + d.id} label="Partner id" required maxlength="64" autocomplete="off"
			placeholder="pt_..." value=${v.partner} onInput=${set('partner')} />
		<${Field} id=${'assign-reason-' + d.id} label="Reason" required maxlength="200" autocomplete="off"
			hint="Kept in the audit log (1 to 200 characters)." value=${v.reason} onInput=${set('reason')} />
		<${ErrorNote} error=${error} />
		<button type="submit" class="primary" disabled=${busy}>Assign to partner</button>
	</form>`;
}

// The unmatched chain deposits, oldest first, each with Assign for ops-money.
function Unmatched({ session }) {
	const [done, setDone] = useState(null);
	const got = useLoad(() => call('GET', '/console/api/ops/deposits/unmatched' + query({ limit: 100 })), []);
	const rows = got.data ? got.data.data : [];
	return html`<section aria-labelledby="unmatched-title">
		<h2 id="unmatched-title">Unmatched chain deposits</h2>
		<p>Coins sent to the custody address from an address no partner registered: credited to no one
			until assigned.</p>
		<${ErrorNote} error=${got.error} />
		<${Loading} loading=${got.loading} />
		${done && html`<${StatusNote} id="assign-note">${`${done.deposit.id} is assigned to ${done.partner_id}:
			${done.credit.amount} ${done.credit.currency} credited.`}<//>`}
		${got.data && rows.length === 0 && html`<p id="unmatched-none">None: every deposit is matched.</p>`}
		${got.data && got.data.pagination.has_more && html`<p>The oldest 100 are shown.</p>`}
		<div id="unmatched">${rows.map((d) => html`<article class="card" key=${d.id} id=${'deposit-' + d.id}
			aria-labelledby=${'deposit-title-' + d.id}>
			<h3 id=${'deposit-title-' + d.id}>${d.amount ? `${d.amount} ${d.coin}` : `${d.units} base units of ${d.coin}`}</h3>
			<${Details} rows=${[['Deposit', html`<code>${d.id}</code>`], ['From', html`<code>${d.from_address}</code>`],
				['Transaction', html`<code>${d.tx_hash}</code>`], ['Chain', `${d.chain_id}, block ${d.block_number}, log ${d.log_index}`],
				['Seen', html`<${When} iso=${d.seen_at} />`]]} />
			${session.permissions['ops-money'] && (d.amount
				? html`<${AssignDeposit} d=${d} onDone=${(a) => {
					setDone(a);
					got.reload();
				}} />`
				: html`<p>No partner can hold it (not exact at the coin's places): return it to its sender.</p>`)}
		</article>`)}</div>
	</section>`;
}

// One run: when, how long, its counts, and its findings by kind.
function Run({ run }) {
	const found = Object.entries(run.counts).filter(([, n]) => n > 0);
	return html`<article class="card" id=${'run-' + run.id} aria-labelledby=${'run-title-' + run.id}>
		<h3 id=${'run-title-' + run.id}>Run ${run.id}: <${When} iso=${run.finished_at} /></h3>
		<p>${run.duration_ms} ms; ${run.exit_status === 0 ? 'nothing needs an operator' : 'something needs an operator (exit 1)'};
			${' '}${found.length === 0 ? 'no findings' : found.map(([k, n]) => `${COUNTED[k] || KINDS[k] || k}: ${n}`).join(', ')}.</p>
		${run.findings.length > 0 && html`<details>
			<summary>Its findings (${run.findings.length}${run.findings_cut ? ', some left out' : ''})</summary>
			${Object.keys(KINDS).filter((k) => run.findings.some((f) => f.kind === k)).map((k) => html`<div key=${k}>
				<h4>${KINDS[k]}</h4>
				<ul class="findings">${run.findings.filter((f) => f.kind === k).map((f, i) => html`<li key=${i}>
					<pre>${f.detail}</pre></li>`)}</ul>
			</div>`)}
		</details>`}
	</article>`;
}

// Reconcile: the unmatched deposits, then the last runs, RUNS at a time.
export function Reconcile({ session }) {
	const list = usePages((before) => call('GET', '/console/api/ops/reconcile' + query({ limit: RUNS, before })),
		(p) => p.next_before);
	return html`<${PageTitle}>Reconcile<//>
		<${Unmatched} session=${session} />
		<section aria-labelledby="runs-title">
			<h2 id="runs-title">Reconcile's last runs</h2>
			<${ErrorNote} error=${list.error} />
			<${Loading} loading=${list.loading} />
			${!list.loading && list.rows.length === 0 && html`<p>No run kept yet.</p>`}
			<div id="runs">${list.rows.map((r) => html`<${Run} key=${r.id} run=${r} />`)}</div>
			${list.more && html`<p><button type="button" id="runs-older" onClick=${list.next}>Older runs</button></p>`}
		</section>`;
}
