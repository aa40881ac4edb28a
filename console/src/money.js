// Withdrawals and payment intents: the lists (filters, paging, the CSV
// export of every page), one object's page (every field, its timeline
// with each event's webhook deliveries, a withdrawal's on-chain
// transaction linked to the block explorer), and cancelling (the server
// decides whether the state allows it; its message is shown when it does
// not). Whatever a partner wrote (references, metadata) is shown as text.
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call, query } from './api.js';
import { csvOf, downloadText } from './csv.js';
import { Confirm, Details, ErrorNote, Loading, PageTitle, Pager, Status, StatusNote, When,
	useLoad } from './ui.js';

const PER_PAGE = 25;
// the export asks for the largest page the API gives (per_page 1..100),
// and for no more than this many pages (100 000 rows)
const EXPORT_PER_PAGE = 100;
const EXPORT_MAX_PAGES = 1000;

const money = (amount, currency) => `${amount} ${currency}`;

// The URL of a transaction on the block explorer: template (the session's
// explorer_tx_url) with {hash} replaced; null unless the template is an
// http(s) URL holding {hash} (anything else is shown as plain text).
export function explorerHref(template, hash) {
	if (typeof template !== 'string' || !/^https?:\/\//i.test(template) || !template.includes('{hash}'))
		return null;
	const href = template.split('{hash}').join(encodeURIComponent(hash));
	try {
		return /^https?:$/.test(new URL(href).protocol) ? href : null;
	} catch {
		return null;
	}
}

// A withdrawal's on-chain transaction: its hash, linked to the explorer
// when the session has a usable template; said not yet sent (or none, for
// one that ended without it) when there is none.
function TxHash({ hash, template, status }) {
	if (!hash)
		return html`<span id="withdrawal-tx">${status === 'pending' || status === 'processing'
			? 'not yet sent' : 'none'}</span>`;
	const href = explorerHref(template, hash);
	if (!href)
		return html`<code id="withdrawal-tx">${hash}</code>`;
	return html`<a id="withdrawal-tx" href=${href} target="_blank" rel="noopener noreferrer"><code>${hash}</code>
		<span class="visually-hidden"> (on the block explorer, in a new tab)</span></a>`;
}

const notYet = (value, status) => value ||
	(status === 'pending' || status === 'processing' ? 'not yet sent' : 'none');

// The two kinds, told apart by what differs: the path, the route, the id,
// the statuses, which status may be cancelled, the list's columns and the
// page's fields (rows(object, session) for Details).
const KINDS = {
	withdrawals: {
		title: 'Withdrawals',
		one: 'Withdrawal',
		single: 'withdrawal',
		noun: 'withdrawals',
		path: '/console/api/withdrawals',
		route: 'withdrawals',
		id: 'withdrawal_id',
		statuses: ['pending', 'processing', 'completed', 'failed', 'cancelled'],
		cancellable: 'pending',
		columns: [
			['Amount', (w) => money(w.amount, w.currency)],
			['GHS', (w) => w.ghs_amount],
			['Recipient', (w) => `${w.recipient_phone} (${w.mobile_network})`],
		],
		rows: (d, session) => [
			['Withdrawal id', html`<code>${d.withdrawal_id}</code>`],
			['Reference', d.reference_id],
			['Status', html`<span id="withdrawal-status"><${Status} value=${d.status} /></span>`],
			['Amount', money(d.amount, d.currency)],
			['GHS paid', d.ghs_amount],
			['Fee (GHS)', d.fee],
			['Rate', d.fx_rate],
			['Recipient', d.recipient_phone],
			['Network', d.mobile_network],
			['Created', html`<${When} iso=${d.created_at} />`],
			['Processing since', html`<${When} iso=${d.processing_at} />`],
			['Completed', html`<${When} iso=${d.completed_at} />`],
			['Mobile money reference', html`<span id="withdrawal-momo">${notYet(d.mobile_money_reference,
				d.status)}</span>`],
			['On-chain transaction', html`<${TxHash} hash=${d.on_chain_tx_hash} status=${d.status}
				template=${session.explorer_tx_url} />`],
			['Failure reason', d.failure_reason],
			['Metadata', d.metadata && html`<pre>${JSON.stringify(d.metadata, null, 2)}</pre>`],
		],
	},
	intents: {
		title: 'Payment intents',
		one: 'Payment intent',
		single: 'payment intent',
		noun: 'payment intents',
		path: '/console/api/payment-intents',
		route: 'payment-intents',
		id: 'payment_intent_id',
		statuses: ['pending_approval', 'approved', 'completed', 'rejected', 'cancelled', 'expired', 'failed'],
		cancellable: 'pending_approval',
		columns: [
			['Amount', (p) => money(p.amount, p.currency)],
			['Payer', (p) => `${p.payer_phone} (${p.mobile_network})`],
			['Expires', (p) => html`<${When} iso=${p.expires_at} />`],
		],
		rows: (d) => [
			['Payment intent id', html`<code>${d.payment_intent_id}</code>`],
			['Reference', d.reference_id],
			['Status', html`<span id="intent-status"><${Status} value=${d.status} /></span>`],
			['Amount', money(d.amount, d.currency)],
			['Fee (GHS)', d.fee],
			['Net (GHS)', d.net_amount],
			['Payer', d.payer_phone],
			['Network', d.mobile_network],
			['Description', d.description],
			['Created', html`<${When} iso=${d.created_at} />`],
			['Expires', html`<${When} iso=${d.expires_at} />`],
			['Updated', html`<${When} iso=${d.updated_at} />`],
			['Completed', html`<${When} iso=${d.completed_at} />`],
			['Collected late', d.late === undefined ? null : (d.late ? 'yes' : 'no')],
			['Failure reason', d.failure_reason],
			['Metadata', d.metadata && html`<pre>${JSON.stringify(d.metadata, null, 2)}</pre>`],
		],
	},
};

const NO_FILTER = { status: '', reference_id: '', from_date: '', to_date: '' };

// The filter form: edits a draft, applies it on submit.
function Filters({ kind, applied, onApply }) {
	const [draft, setDraft] = useState(applied);
	const set = (name) => (e) => setDraft({ ...draft, [name]: e.currentTarget.value });
	const id = (name) => `${kind.noun.replace(' ', '-')}-${name}`;
	function submit(e) {
		e.preventDefault();
		onApply(draft);
	}
	function clear() {
		setDraft(NO_FILTER);
		onApply(NO_FILTER);
	}
	return html`<form class="filters" onSubmit=${submit} aria-label=${'Filter ' + kind.noun}>
		<div class="field">
			<label for=${id('status')}>Status</label>
			<select id=${id('status')} value=${draft.status} onChange=${set('status')}>
				<option value="">any</option>
				${kind.statuses.map((s) => html`<option value=${s} key=${s}>${s}</option>`)}
			</select>
		</div>
		<div class="field">
			<label for=${id('reference')}>Reference</label>
			<input id=${id('reference')} maxlength="100" value=${draft.reference_id}
				onInput=${set('reference_id')} />
		</div>
		<div class="field">
			<label for=${id('from')}>From</label>
			<input id=${id('from')} type="date" value=${draft.from_date} onInput=${set('from_date')} />
		</div>
		<div class="field">
			<label for=${id('to')}>To</label>
			<input id=${id('to')} type="date" value=${draft.to_date} onInput=${set('to_date')} />
		</div>
		<div class="actions">
			<button type="submit" class="primary">Apply filters</button>
			<button type="button" onClick=${clear}>Clear</button>
		</div>
	</form>`;
}

// Cancels one object after a confirm step: a "Cancel" button that becomes
// the question. onCancelled(object) gets the server's answer; a refusal
// is shown by onError.
function CancelButton({ kind, id, label, onCancelled, onError }) {
	const [asking, setAsking] = useState(false);
	const [busy, setBusy] = useState(false);
	async function yes() {
		setBusy(true);
		try {
			const r = await call('POST', `${kind.path}/${encodeURIComponent(id)}/cancel`);
			onCancelled(r.data);
		} catch (err) {
			onError(err);
		}
		setBusy(false);
		setAsking(false);
	}
	if (!asking)
		return html`<button type="button" class="danger" onClick=${() => setAsking(true)}
			aria-label=${'Cancel ' + label}>Cancel</button>`;
	return html`<${Confirm} question=${`Cancel ${label}? This cannot be undone.`} busy=${busy}
		yes=${'Yes, cancel it'} no=${'No, keep it'} onYes=${yes} onNo=${() => setAsking(false)} />`;
}

// Every page of kind's list under filters (per_page EXPORT_PER_PAGE),
// each object once (a row that moved to the next page while it was read
// is not counted twice); onPage(rows so far) after each page. {rows,
// complete}: complete false when it stopped at EXPORT_MAX_PAGES. Throws
// the ApiError of a page that failed.
async function everyPage(kind, filters, onPage) {
	const rows = [];
	const seen = new Set();
	for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
		const r = await call('GET', kind.path + query({ ...filters, page, per_page: EXPORT_PER_PAGE }));
		for (const o of r.data)
			if (!seen.has(o[kind.id])) {
				seen.add(o[kind.id]);
				rows.push(o);
			}
		onPage(rows.length);
		const p = r.pagination;
		if (r.data.length < EXPORT_PER_PAGE || (p && !p.total_capped && page >= p.total_pages))
			return { rows, complete: true };
	}
	return { rows, complete: false };
}

// Export CSV: every object of the list under filters (every page, not
// just the one shown) as a CSV file of the list's fields, downloaded.
function ExportButton({ kind, filters }) {
	const [busy, setBusy] = useState(false);
	const [note, setNote] = useState(null);
	const [error, setError] = useState(null);
	async function run() {
		setBusy(true);
		setError(null);
		setNote(`Reading ${kind.noun}…`);
		try {
			const { rows, complete } = await everyPage(kind, filters,
				(n) => setNote(`Reading ${kind.noun}… ${n} so far.`));
			if (rows.length === 0) {
				setNote(`No ${kind.noun} match: there is nothing to export.`);
			} else {
				const name = `${kind.route}-${new Date().toISOString().slice(0, 10)}.csv`;
				downloadText(name, csvOf(rows));
				setNote(`Exported ${rows.length} ${rows.length === 1 ? kind.single : kind.noun} to ${name}` +
					(complete ? '.'
					: `: the first ${EXPORT_MAX_PAGES * EXPORT_PER_PAGE} only; narrow the filters for the rest.`));
			}
		} catch (err) {
			setNote(null);
			setError(err);
		}
		setBusy(false);
	}
	return html`<div class="actions export">
		<button type="button" id="export-csv" disabled=${busy} onClick=${run}>Export CSV</button>
		<span class="hint">Every ${kind.single} the filters match, as a CSV file.</span>
	</div>
	<${ErrorNote} error=${error} />
	${note && html`<${StatusNote} id="export-note">${note}<//>`}`;
}

// The list page of one kind ("withdrawals" or "intents").
function List({ which, session }) {
	const kind = KINDS[which];
	const [filters, setFilters] = useState(NO_FILTER);
	const [page, setPage] = useState(1);
	const [note, setNote] = useState(null);
	const [error, setError] = useState(null);
	const list = useLoad(() => call('GET', kind.path + query({ ...filters, page, per_page: PER_PAGE })),
		[which, filters, page]);
	const canCancel = session.permissions.cancel;
	function apply(f) {
		setFilters(f);
		setPage(1);
	}
	function cancelled(obj) {
		setError(null);
		setNote(`${obj[kind.id]} is ${obj.status}.`);
		list.reload();
	}
	function refused(err) {
		setNote(null);
		setError(err);
	}
	const rows = (list.data && list.data.data) || [];
	return html`<${PageTitle}>${kind.title}<//>
		<${Filters} kind=${kind} applied=${filters} onApply=${apply} />
		<${ExportButton} kind=${kind} filters=${filters} />
		<${ErrorNote} error=${list.error || error} />
		${note && html`<${StatusNote}>${note}<//>`}
		<${Loading} loading=${list.loading && !list.data} />
		${list.data && rows.length === 0 && html`<p>No ${kind.noun} match.</p>`}
		${rows.length > 0 && html`<div class="table-wrap"><table>
			<caption>${kind.title}, newest first</caption>
			<thead><tr>
				<th scope="col">Reference</th>
				${kind.columns.map(([name]) => html`<th scope="col" key=${name}>${name}</th>`)}
				<th scope="col">Status</th><th scope="col">Created</th>
				${canCancel && html`<th scope="col">Action</th>`}
			</tr></thead>
			<tbody>${rows.map((o) => html`<tr key=${o[kind.id]}>
				<td><a href=${`#/${kind.route}/${encodeURIComponent(o[kind.id])}`}>${o.reference_id}</a>
					<span class="id">${o[kind.id]}</span></td>
				${kind.columns.map(([name, cell]) => html`<td key=${name}>${cell(o)}</td>`)}
				<td><${Status} value=${o.status} /></td>
				<td><${When} iso=${o.created_at} /></td>
				${canCancel && html`<td>${o.status === kind.cancellable && html`<${CancelButton} kind=${kind}
					id=${o[kind.id]} label=${o.reference_id} onCancelled=${cancelled} onError=${refused} />`}</td>`}
			</tr>`)}</tbody>
		</table></div>`}
		<${Pager} pagination=${list.data && list.data.pagination} onPage=${setPage} noun=${kind.noun} />`;
}

// The list of one kind ("withdrawals" or "intents").
export function MoneyList({ which, session }) {
	return html`<${List} which=${which} session=${session} />`;
}

// The event's line: its type, its time, its id (a link to the event's
// webhook page when it has deliveries).
function EventLine({ ev, linked }) {
	return html`<p class="event"><strong class="event-type">${ev.type}</strong>${' '}<${When} iso=${ev.at} />
		${' '}${linked
			? html`<a class="event-id" href=${'#/webhooks/deliveries/' + encodeURIComponent(ev.event_id)}
				>${ev.event_id}</a>`
			: html`<code class="event-id">${ev.event_id}</code>`}</p>`;
}

// One event of a timeline with its webhook deliveries (GET
// /console/api/webhook-deliveries/<event_id>): each endpoint's status,
// its attempts and the last response, and the event's id linked to its
// page; 404 (no endpoint took the event) is said as no deliveries.
function EventWithDeliveries({ ev }) {
	const got = useLoad(() => call('GET', `/console/api/webhook-deliveries/${encodeURIComponent(ev.event_id)}`)
		.catch((e) => {
			if (e.status === 404)
				return null;
			throw e;
		}), [ev.event_id]);
	const list = (got.data && got.data.data && got.data.data.deliveries) || [];
	let below;
	if (got.loading && !got.data)
		below = html`<${Loading} loading=${true} />`;
	else if (got.error)
		below = html`<${ErrorNote} error=${got.error} />`;
	else if (list.length === 0)
		below = html`<p class="hint deliveries-none">No deliveries: no endpoint took this event.</p>`;
	else
		below = html`<table class="deliveries">
			<caption>Webhook deliveries of ${ev.type}</caption>
			<thead><tr>
				<th scope="col">Endpoint</th><th scope="col">Status</th><th scope="col">Attempts</th>
				<th scope="col">Last response</th>
			</tr></thead>
			<tbody>${list.map((d) => {
				const last = d.attempts.length ? d.attempts[d.attempts.length - 1] : null;
				return html`<tr key=${d.webhook_id}>
					<td class="url">${d.url}<span class="id">${d.webhook_id}</span></td>
					<td><${Status} value=${d.status} /></td>
					<td>${d.attempts.length}</td>
					<td>${(last && last.response_status) ?? '—'}</td>
				</tr>`;
			})}</tbody>
		</table>`;
	return html`<${EventLine} ev=${ev} linked=${list.length > 0} />${below}`;
}

// The timeline of kind's object id: each event (transition) with its
// time, oldest first, and, for a role that reads webhooks, its
// deliveries. version: a change reads it again.
function Timeline({ kind, id, version, session }) {
	const may = session.permissions.webhooks;
	const t = useLoad(() => call('GET', `${kind.path}/${encodeURIComponent(id)}/events`).catch((e) => {
		if (e.status === 404)
			return { data: [] };
		throw e;
	}), [id, version]);
	const events = (t.data && t.data.data) || [];
	return html`<section aria-labelledby="timeline-title">
		<h2 id="timeline-title">Timeline</h2>
		<${ErrorNote} error=${t.error} />
		<${Loading} loading=${t.loading && !t.data} />
		${t.data && events.length === 0 && html`<p>No events yet.</p>`}
		${events.length > 0 && html`<ol class="timeline" id="timeline">
			${events.map((ev) => html`<li key=${ev.event_id}>${may
				? html`<${EventWithDeliveries} ev=${ev} />`
				: html`<${EventLine} ev=${ev} linked=${false} />`}</li>`)}
		</ol>`}
	</section>`;
}

// One withdrawal or payment intent (which: "withdrawals" or "intents"):
// every field, its cancel when the status may allow it, its timeline.
function MoneyDetail({ which, id, session }) {
	const kind = KINDS[which];
	const w = useLoad(() => call('GET', `${kind.path}/${encodeURIComponent(id)}`), [id]);
	const [shown, setShown] = useState(null);
	const [error, setError] = useState(null);
	const [version, setVersion] = useState(0);
	const d = shown && shown[kind.id] === id ? shown : w.data && w.data.data;
	function cancelled(obj) {
		setError(null);
		setShown(obj);
		setVersion((n) => n + 1);
	}
	function refresh() {
		setShown(null);
		w.reload();
		setVersion((n) => n + 1);
	}
	return html`<p><a href=${'#/' + kind.route}>← All ${kind.noun}</a></p>
		<${PageTitle}>${kind.one} ${d ? d.reference_id : id}<//>
		<${ErrorNote} error=${w.error || error} />
		${shown && shown[kind.id] === id && html`<${StatusNote}>The ${kind.single} is ${shown.status}.<//>`}
		<${Loading} loading=${w.loading && !d} />
		${d && html`<${Details} rows=${kind.rows(d, session)} />
		<div class="actions">
			${session.permissions.cancel && d.status === kind.cancellable && html`<${CancelButton}
				kind=${kind} id=${d[kind.id]} label=${kind.single + ' ' + d.reference_id}
				onCancelled=${cancelled} onError=${setError} />`}
			<button type="button" onClick=${refresh}>Refresh</button>
		</div>
		<${Timeline} kind=${kind} id=${d[kind.id]} version=${version} session=${session} />`}`;
}

// One withdrawal's page.
export function WithdrawalDetail({ id, session }) {
	return html`<${MoneyDetail} which="withdrawals" id=${id} session=${session} />`;
}

// One payment intent's page.
export function IntentDetail({ id, session }) {
	return html`<${MoneyDetail} which="intents" id=${id} session=${session} />`;
}
