// The back office's Rates and Chain pages (docs/console.md, "Back
// office"): each source coin's rate to GHS with its age and source (what
// `cediramp-admin rate list` shows), and for the operator a form per coin
// that sets it with a reason (`rate set`'s rules: a positive decimal, at
// most 6 integer digits and 8 places); the chain's status as `chain
// status` prints it (the node, whether it answers, the head and its age,
// the operator's gas and nonces, the transactions pending, the custody's
// coins), read again on request.
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call } from './api.js';
import { useForm, useSubmit } from './auth.js';
import { Details, ErrorNote, Field, Loading, PageTitle, Status, StatusNote, When, useLoad } from './ui.js';
import { Signer } from './ops_signer.js';

// seconds as a short age: "12 s", "4 min", "3 h", "2 d"; a dash for null.
function age(seconds) {
	if (seconds === null || seconds === undefined)
		return '—';
	if (seconds < 120)
		return `${seconds} s`;
	if (seconds < 7200)
		return `${Math.floor(seconds / 60)} min`;
	if (seconds < 172800)
		return `${Math.floor(seconds / 3600)} h`;
	return `${Math.floor(seconds / 86400)} d`;
}

// A stored rate ("15.20000000") without the zeros past two places.
function shown(rate) {
	if (!rate)
		return '—';
	const m = /^(\d+\.\d\d\d*?)0*$/.exec(rate);
	return m ? m[1] : rate;
}

// The form that sets coin's rate; onDone(rate) with the answer.
function SetRate({ coin, onDone }) {
	const [v, set, clear] = useForm({ rate: '', reason: '' });
	const { busy, error, onSubmit: submit } = useSubmit(async () => {
		const r = await call('POST', '/console/api/ops/rates/' + encodeURIComponent(coin),
			{ rate: v.rate, reason: v.reason });
		clear();
		onDone(r.data);
	});
	const title = 'rate-title-' + coin;
	return html`<form class="card narrow" onSubmit=${submit} aria-labelledby=${title} novalidate>
		<h3 id=${title}>Set ${coin}/GHS</h3>
		<${Field} id=${'rate-' + coin} label="Rate (GHS per coin)" required inputmode="decimal"
			autocomplete="off" hint="A positive decimal: at most 6 digits before the point and 8 after."
			value=${v.rate} onInput=${set('rate')} />
		<${Field} id=${'rate-reason-' + coin} label="Reason" required maxlength="200" autocomplete="off"
			hint="Why: kept in the audit log with what you do (1 to 200 characters)."
			value=${v.reason} onInput=${set('reason')} />
		<${ErrorNote} error=${error} />
		<button type="submit" id=${'rate-set-' + coin} class="primary" disabled=${busy}>Set the rate</button>
	</form>`;
}

// Each coin's rate; for the operator a form per coin.
export function Rates({ session }) {
	const [done, setDone] = useState('');
	const got = useLoad(() => call('GET', '/console/api/ops/rates').then((r) => r.data), []);
	const rates = got.data || [];
	return html`<${PageTitle}>Rates<//>
		<p>Quotes use a coin's rate while it is fresh; a stale one (older than the service's maximum age) stops
			quotes in that coin until it is set again.</p>
		<${ErrorNote} error=${got.error} />
		<${Loading} loading=${got.loading && !got.data} />
		${done && html`<${StatusNote} id="rate-note">${done}<//>`}
		${got.data && html`<table class="list" id="rates">
			<caption>Each coin's rate to GHS</caption>
			<thead><tr><th scope="col">Coin</th><th scope="col">Rate (GHS)</th><th scope="col">Age</th>
				<th scope="col">Set</th><th scope="col">Source</th><th scope="col">State</th></tr></thead>
			<tbody>${rates.map((r) => html`<tr key=${r.coin} id=${'rate-row-' + r.coin}>
				<td>${r.coin}</td><td class="rate">${shown(r.rate)}</td><td class="age">${age(r.age_seconds)}</td>
				<td><${When} iso=${r.updated_at} /></td><td class="source">${r.source || '—'}</td>
				<td><${Status} value=${r.stale ? 'stale' : 'fresh'} /></td>
			</tr>`)}</tbody>
		</table>`}
		${got.data && session.permissions['ops-rates'] && html`<section aria-labelledby="set-title">
			<h2 id="set-title">Set a rate</h2>
			${rates.map((r) => html`<${SetRate} key=${r.coin} coin=${r.coin} onDone=${(nr) => {
				setDone(`${nr.coin}/GHS is ${shown(nr.rate)}.`);
				got.reload();
			}} />`)}
		</section>`}`;
}

// The chain's status, read again on request, and the signer's holds and
// key rotations (ops_signer.js).
export function Chain() {
	const got = useLoad(() => call('GET', '/console/api/ops/chain').then((r) => r.data), []);
	const c = got.data;
	return html`<${PageTitle}>Chain<//>
		<${ErrorNote} error=${got.error} />
		<${Loading} loading=${got.loading && !c} />
		${c && html`${!c.reachable && html`<p class="note note-error" role="alert" id="chain-unreachable">The
			node did not answer: what it would tell is missing below.</p>`}
		<${Details} rows=${[['Adapter', html`<span id="chain-adapter">${c.adapter}</span>`],
			['Node', c.node && html`<code>${c.node}</code>`],
			['Answering', html`<span id="chain-reachable"><${Status} value=${c.reachable ? 'answering' : 'unreachable'} /></span>`],
			['Chain id', c.chain_id === null ? null : `${c.chain_id} (${c.chain_id_checked ? 'the node agrees' : 'not checked yet'})`],
			['Head', c.head_block === null ? null : html`<span id="chain-head">block ${c.head_block}</span>`],
			["Head's age", c.head_age_seconds === null ? null : html`<span id="chain-head-age">${age(c.head_age_seconds)}</span>`],
			['Operator', c.operator_address && html`<code>${c.operator_address}</code>`],
			["Operator's gas", c.gas_balance],
			['Nonces', c.operator_address && `next ${c.nonce_database_next ?? 'none yet'} in the database, ` +
				`${c.nonce_node_pending ?? '—'} at the node (pending)`],
			['Pending transactions', html`<span id="chain-pending">${c.pending_transactions ?? '—'}</span>`],
			['Gateway', c.gateway && html`<code>${c.gateway}</code>`],
			['Treasury', c.treasury && html`<code>${c.treasury}</code>`],
			['Custody', c.custody && html`<code>${c.custody}</code>`]]} />
		${c.adapter === 'sim' && html`<p id="chain-sim">The sandbox's chain simulator: it has no blocks, gas or
			nonces to show.</p>`}
		${c.custody_coins && html`<table class="list" id="chain-coins">
			<caption>The custody's coins</caption>
			<thead><tr><th scope="col">Coin</th><th scope="col">Balance</th></tr></thead>
			<tbody>${c.custody_coins.map((k) => html`<tr key=${k.asset}><td>${k.asset}</td><td>${k.balance}</td></tr>`)}</tbody>
		</table>`}
		<p><button type="button" id="chain-refresh" onClick=${got.reload}>Read it again</button></p>`}
		<${Signer} />`;
}
