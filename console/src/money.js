// Withdrawals and payment intents: the lists (filters, paging), a
// withdrawal's detail, and cancelling (the server decides whether the
// state allows it; its message is shown when it does not).
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call, query } from './api.js';
import { Confirm, Details, ErrorNote, Loading, PageTitle, Pager, Status, StatusNote, When,
	useLoad } from './ui.js';

const PER_PAGE = 25;

const money = (amount, currency) => `${amount} ${currency}`;

// The two lists, told apart by what differs: the path, the id, the
// statuses, which status may be cancelled and the columns.
const KINDS = {
	withdrawals: {
		title: 'Withdrawals',
		noun: 'withdrawals',
		path: '/console/api/withdrawals',
		id: 'withdrawal_id',
		statuses: ['pending', 'processing', 'completed', 'failed', 'cancelled'],
		cancellable: 'pending',
		detail: true,
		columns: [
			['Amount', (w) => money(w.amount, w.currency)],
			['GHS', (w) => w.ghs_amount],
			['Recipient', (w) => `${w.recipient_phone} (${w.mobile_network})`],
		],
	},
	intents: {
		title: 'Payment intents',
		noun: 'payment intents',
		path: '/console/api/payment-intents',
		id: 'payment_intent_id',
		statuses: ['pending_approval', 'approved', 'completed', 'rejected', 'cancelled', 'expired', 'failed'],
		cancellable: 'pending_approval',
		detail: false,
		columns: [
			['Amount', (p) => money(p.amount, p.currency)],
			['Payer', (p) => `${p.payer_phone} (${p.mobile_network})`],
			['Expires', (p) => html`<${When} iso=${p.expires_at} />`],
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

// The list page of one kind ("withdrawals" or "intents").
export function MoneyList({ which, session }) {
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
				<td>${kind.detail
					? html`<a href=${`#/${which}/${encodeURIComponent(o[kind.id])}`}>${o.reference_id}</a>`
					: o.reference_id}
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

// One withdrawal, every field, with its cancel when the status may allow it.
export function WithdrawalDetail({ id, session }) {
	const kind = KINDS.withdrawals;
	const w = useLoad(() => call('GET', `${kind.path}/${encodeURIComponent(id)}`), [id]);
	const [shown, setShown] = useState(null);
	const [error, setError] = useState(null);
	const d = shown && shown.withdrawal_id === id ? shown : w.data && w.data.data;
	function cancelled(obj) {
		setError(null);
		setShown(obj);
	}
	return html`<p><a href="#/withdrawals">← All withdrawals</a></p>
		<${PageTitle}>Withdrawal ${d ? d.reference_id : id}<//>
		<${ErrorNote} error=${w.error || error} />
		${shown && shown.withdrawal_id === id && html`<${StatusNote}>The withdrawal is ${shown.status}.<//>`}
		<${Loading} loading=${w.loading && !d} />
		${d && html`<${Details} rows=${[
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
			['Mobile money reference', d.mobile_money_reference],
			['On-chain transaction', d.on_chain_tx_hash && html`<code>${d.on_chain_tx_hash}</code>`],
			['Failure reason', d.failure_reason],
			['Metadata', d.metadata && html`<pre>${JSON.stringify(d.metadata, null, 2)}</pre>`],
		]} />
		<div class="actions">
			${session.permissions.cancel && d.status === kind.cancellable && html`<${CancelButton}
				kind=${kind} id=${d.withdrawal_id} label=${'withdrawal ' + d.reference_id}
				onCancelled=${cancelled} onError=${setError} />`}
			<button type="button" onClick=${() => { setShown(null); w.reload(); }}>Refresh</button>
		</div>`}`;
}
