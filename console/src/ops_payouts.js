// The back office's payouts needing a person (docs/console.md, "Back
// office"): the Payouts page lists those held for review, in doubt for
// longer than console.ops_doubt_seconds, reversed by their provider, and
// refused for float; a payout's page shows what it is, what the service
// does next, its timeline, its provider calls (when, how long, what came
// back, the API request that made them) and its events. The operator
// (ops-payouts) resolves a held payout (complete or fail) or makes an
// unsettled one due now ("Retry now"), each with the reason they type.
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call } from './api.js';
import { useForm, useSubmit } from './auth.js';
import { Reason } from './ops.js';
import { Details, ErrorNote, Loading, PageTitle, Status, StatusNote, When, useLoad } from './ui.js';

const LISTS = '/console/api/ops/payouts/';
const payoutPath = (id) => LISTS + encodeURIComponent(id);
const payoutLink = (id) => html`<a href=${'#/payouts/' + encodeURIComponent(id)}><code>${id}</code></a>`;

// A table with its caption, or a line saying it is empty.
export function Listing({ id, caption, empty, head, rows, row }) {
	if (rows.length === 0)
		return html`<p id=${id + '-empty'}>${empty}</p>`;
	return html`<table class="list" id=${id}>
		<caption>${caption}</caption>
		<thead><tr>${head.map((h) => html`<th scope="col" key=${h}>${h}</th>`)}</tr></thead>
		<tbody>${rows.map(row)}</tbody>
	</table>`;
}

// The four lists, each loaded on its own (one failing leaves the others).
export function Payouts() {
	const held = useLoad(() => call('GET', LISTS + 'held').then((r) => r.data), []);
	const doubt = useLoad(() => call('GET', LISTS + 'in-doubt').then((r) => r.data), []);
	const reversed = useLoad(() => call('GET', LISTS + 'reversed').then((r) => r.data), []);
	const refused = useLoad(() => call('GET', LISTS + 'refused-for-float').then((r) => r.data), []);
	return html`<${PageTitle}>Payouts<//>
		<p>The payouts that need a person. Open one to see its timeline and provider calls.</p>
		<section aria-labelledby="held-title">
			<h2 id="held-title">Held for review</h2>
			<${ErrorNote} error=${held.error} /><${Loading} loading=${held.loading} />
			${held.data && html`<${Listing} id="payouts-held" caption="The provider paid something other than asked: oldest first"
				empty="No payout is held." head=${['Payout', 'Status', 'Held', 'Asked', 'Answered', 'Decision']}
				rows=${held.data} row=${(p) => html`<tr key=${p.payout_id}><td>${payoutLink(p.payout_id)}</td>
					<td><${Status} value=${p.status} /></td><td><${When} iso=${p.held_at} /></td>
					<td>${p.asked}</td><td>${p.answered}</td>
					<td>${p.decision || 'none yet'}</td></tr>`} />`}
		</section>
		<section aria-labelledby="doubt-title">
			<h2 id="doubt-title">In doubt</h2>
			<${ErrorNote} error=${doubt.error} /><${Loading} loading=${doubt.loading} />
			${doubt.data && html`<${Listing} id="payouts-doubt" caption="Sent, and not settled by the provider for longer than the threshold: oldest first"
				empty="No payout is in doubt past the threshold." head=${['Payout', 'Network', 'Amount', 'Owner', 'Started', 'Next check']}
				rows=${doubt.data} row=${(p) => html`<tr key=${p.id}><td>${payoutLink(p.id)}</td><td>${p.network}</td>
					<td>${p.amount} ${p.currency}</td><td><code>${p.account || p.owner_id}</code></td>
					<td><${When} iso=${p.processing_at} /></td><td>${p.due ? 'due now' : html`<${When} iso=${p.next_check_at} />`}</td></tr>`} />`}
		</section>
		<section aria-labelledby="reversed-title">
			<h2 id="reversed-title">Reversed</h2>
			<${ErrorNote} error=${reversed.error} /><${Loading} loading=${reversed.loading} />
			${reversed.data && html`<${Listing} id="payouts-reversed" caption="Completed, then reversed by their provider: newest first"
				empty="No payout was reversed." head=${['Payout', 'Network', 'Amount', 'Owner', 'Completed', 'Reversed']}
				rows=${reversed.data} row=${(p) => html`<tr key=${p.id}><td>${payoutLink(p.id)}</td><td>${p.network}</td>
					<td>${p.amount} ${p.currency}</td><td><code>${p.account || p.owner_id}</code></td>
					<td><${When} iso=${p.completed_at} /></td><td><${When} iso=${p.reversed_at} /></td></tr>`} />`}
		</section>
		<section aria-labelledby="refused-title">
			<h2 id="refused-title">Refused for float</h2>
			<${ErrorNote} error=${refused.error} /><${Loading} loading=${refused.loading} />
			${refused.data && html`<${Listing} id="payouts-refused" caption="Payouts a network's float could not cover: newest first"
				empty="No payout was refused for float." head=${['Network', 'Amount (GHS)', 'Asked by', 'Payout', 'Refused', 'Request']}
				rows=${refused.data} row=${(p, i) => html`<tr key=${i}><td>${p.network}</td><td>${p.amount}</td>
					<td>${p.owner_kind} <code>${p.owner_id}</code></td><td>${p.payout_id ? payoutLink(p.payout_id) : 'none made'}</td>
					<td><${When} iso=${p.refused_at} /></td><td><code>${p.request_id || '—'}</code></td></tr>`} />`}
		</section>`;
}

// Resolve a held payout: complete or fail, with the reason.
function Resolve({ id, onDone }) {
	const [v, set, clear] = useForm({ decision: 'complete', reason: '' });
	const { busy, error, onSubmit } = useSubmit(async () => {
		const r = await call('POST', payoutPath(id) + '/resolve', { decision: v.decision, reason: v.reason });
		clear();
		onDone(`Resolved: ${r.data.decision === 'complete' ? 'completed' : 'failed and refunded'}.`);
	});
	return html`<section aria-labelledby="resolve-title">
		<h2 id="resolve-title">Resolve this payout</h2>
		<p>Complete it when the provider's statement shows the recipient was paid as asked; fail it (its owner is
			refunded) when not.</p>
		<form class="card narrow" onSubmit=${onSubmit} aria-labelledby="resolve-title" novalidate>
			<div class="field">
				<label for="resolve-decision">Decision</label>
				<select id="resolve-decision" value=${v.decision} onChange=${set('decision')}>
					<option value="complete">Complete</option><option value="fail">Fail and refund</option>
				</select>
			</div>
			<${Reason} id="resolve-reason" value=${v.reason} onInput=${set('reason')} />
			<${ErrorNote} error=${error} />
			<button type="submit" id="resolve" class="primary" disabled=${busy}>Resolve</button>
		</form>
	</section>`;
}

// Retry now: due at once, with the reason.
function Retry({ id, onDone }) {
	const [reason, setReason] = useState('');
	const { busy, error, onSubmit } = useSubmit(async () => {
		await call('POST', payoutPath(id) + '/retry', { reason });
		setReason('');
		onDone('Due now: the payouts worker asks the provider about it on its next run.');
	});
	return html`<section aria-labelledby="retry-title">
		<h2 id="retry-title">Retry now</h2>
		<p>Makes it due at once. Nothing is sent under a new reference: the worker asks for its status, and sends
			the same reference again only if the provider never saw it.</p>
		<form class="card narrow" onSubmit=${onSubmit} aria-labelledby="retry-title" novalidate>
			<${Reason} id="retry-reason" value=${reason} onInput=${(e) => setReason(e.currentTarget.value)} />
			<${ErrorNote} error=${error} />
			<button type="submit" id="retry" class="primary" disabled=${busy}>Retry now</button>
		</form>
	</section>`;
}

// One payout: what it is, what comes next, its timeline, calls and events.
export function PayoutPage({ id, session }) {
	// what the last action did (n: each action reloads the page, the same words too)
	const [done, setDone] = useState({ n: 0, text: '' });
	const said = (text) => setDone((was) => ({ n: was.n + 1, text }));
	const got = useLoad(() => call('GET', payoutPath(id)).then((r) => r.data), [id, done.n]);
	const d = got.data;
	const p = d && d.payout;
	const act = session.permissions['ops-payouts'] && p;
	return html`<${PageTitle}>Payout ${id}<//>
		<p><a href="#/payouts">All payouts needing a person</a></p>
		${done.text && html`<${StatusNote} id="payout-note">${done.text}<//>`}
		<${ErrorNote} error=${got.error} />
		<${Loading} loading=${got.loading && !d} />
		${p && html`<${Details} rows=${[['Status', html`<span id="payout-status"><${Status} value=${p.status} /></span>`],
			['Network', p.network], ['Amount', `${p.amount} ${p.currency} (fee ${p.fee})`],
			['Owner', html`${p.owner_kind === 'withdrawal' ? 'withdrawal' : 'wallet payout'} <code>${p.owner_id}</code>`],
			['Account', html`<code>${p.account || '—'}</code>`], ['Client reference', p.client_reference],
			['Provider reference', html`<code>${p.provider_ref}</code>`], ['Sends', String(p.sends)],
			['Status checks', String(p.checks)], ['Failure', p.failure_reason]]} />
		<h2>What happens next</h2>
		<p id="payout-next">${d.next.text}${d.next.at && html` Next check: <${When} iso=${d.next.at} />.`}</p>
		<h2>Timeline</h2>
		<ol class="timeline" id="payout-timeline">${d.timeline.map((t, i) => html`<li key=${i}>
			<${When} iso=${t.at} /> ${t.what}${t.detail && html`: ${t.detail}`}</li>`)}</ol>
		<h2>Provider calls</h2>
		<${Listing} id="payout-calls" caption="Each call to the provider about this payout, oldest first"
			empty="No provider call yet." head=${['Started', 'Operation', 'Answer', 'Latency', 'Detail', 'Request']}
			rows=${d.calls} row=${(c, i) => html`<tr key=${i}><td><${When} iso=${c.started_at} /></td><td>${c.operation}</td>
				<td>${c.result}${c.state ? ', ' + c.state : ''}</td><td>${c.latency_ms} ms</td><td>${c.detail || '—'}</td>
				<td><code>${c.request_id || 'worker'}</code></td></tr>`} />
		<h2>Events</h2>
		<${Listing} id="payout-events" caption="The events of this payout and its withdrawal"
			empty="No event." head=${['Created', 'Type', 'Event', 'Request']}
			rows=${d.events} row=${(e) => html`<tr key=${e.event_id}><td><${When} iso=${e.created_at} /></td><td>${e.type}</td>
				<td><code>${e.event_id}</code></td><td><code>${e.request_id || 'worker'}</code></td></tr>`} />
		${act && d.next.action === 'await_review' && html`<${Resolve} id=${id} onDone=${said} />`}
		${act && ['check_status', 'await_funding', 'in_call'].includes(d.next.action) &&
			html`<${Retry} id=${id} onDone=${said} />`}`}`;
}
