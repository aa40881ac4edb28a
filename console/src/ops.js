// The back office's pages (docs/console.md, "Back office"), for the
// platform roles operator, compliance, finance and read-only, at
// /console/ops/: the partners (a page of 50 at a time, "More" asking for
// the page after the last one shown), a new partner (its owner invited;
// the first key's secret shown once; a recent password), and one partner
// (its tier and the limits it sets its withdrawals, its balances and
// keys overview, never a secret) with Suspend or Reactivate and a change
// of tier (the operator), and a credit of a real deposit or an
// adjustment of a balance (the operator and the platform's finance),
// each once per reference. Every change asks for the reason the operator
// types, which the audit log keeps; the forms are there for the roles
// that may use them only (the API refuses the others: a hidden button is
// only a courtesy).
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call, query } from './api.js';
import { useForm, useSensitive, useSubmit } from './auth.js';
import { Details, ErrorNote, Field, Loading, PageTitle, SecretOnce, Status, StatusNote, When, useLoad,
	usePages } from './ui.js';

const PAGE = 50;
const TIERS = ['basic', 'verified', 'enterprise'];
const WHY = 'Creating a partner shows its first secret key: it needs your password from the last five minutes.';
const partnerPath = (id) => `/console/api/ops/partners/${encodeURIComponent(id)}`;

// The field of the reason an action is taken for (1 to 200 characters).
export function Reason({ id, value, onInput }) {
	return html`<${Field} id=${id} label="Reason" required maxlength="200" autocomplete="off"
		hint="Why: kept in the audit log with what you do (1 to 200 characters)."
		value=${value} onInput=${onInput} />`;
}

// A new partner: name, tier, its owner's email and the reason; the answer
// (its id, the owner's invitation, the first secret once) is said above.
function CreatePartner({ onCreated }) {
	const [v, set, clear] = useForm({ name: '', tier: 'basic', owner: '', reason: '' });
	const [made, setMade] = useState(null);
	const act = useSensitive(WHY, 'reauth-partner');
	const busy = act.busy || act.waiting;
	function submit(e) {
		e.preventDefault();
		if (busy)
			return;
		const body = { name: v.name, tier: v.tier, owner_email: v.owner, reason: v.reason };
		act.perform(async () => {
			setMade(null);
			const r = await call('POST', '/console/api/ops/partners', body);
			setMade(r.data);
			clear();
			onCreated();
		});
	}
	return html`<section aria-labelledby="create-title">
		<h2 id="create-title">Create a partner</h2>
		${made && html`<${StatusNote} id="created-note">${made.partner.name} (<a
			href=${'#/partners/' + encodeURIComponent(made.partner.id)}>${made.partner.id}</a>) is made; the
			invitation to its owner ${made.owner_invitation.email} is ${made.owner_invitation.mail === 'sent'
				? 'sent' : 'made, but its mail ' + made.owner_invitation.mail}.<//>
			<${SecretOnce} title="Its first key pair" secret=${made.api_key.secret_key}
				publicKey=${made.api_key.public_key} />`}
		${act.prompt}
		<form class="card narrow" onSubmit=${submit} aria-labelledby="create-title" novalidate>
			<${Field} id="partner-name" label="Name" required maxlength="200" autocomplete="off"
				value=${v.name} onInput=${set('name')} />
			<div class="field">
				<label for="partner-tier">Tier</label>
				<select id="partner-tier" value=${v.tier} onChange=${set('tier')}>
					${TIERS.map((t) => html`<option value=${t} key=${t}>${t}</option>`)}
				</select>
			</div>
			<${Field} id="partner-owner" label="Owner's email" type="email" required maxlength="254"
				autocomplete="off" value=${v.owner} onInput=${set('owner')} />
			<${Reason} id="partner-reason" value=${v.reason} onInput=${set('reason')} />
			<${ErrorNote} error=${act.error} />
			<button type="submit" class="primary" disabled=${busy}>Create the partner</button>
		</form>
	</section>`;
}

// The partners, oldest first, PAGE at a time.
export function Partners({ session }) {
	const list = usePages((after) => call('GET', '/console/api/ops/partners' + query({ limit: PAGE, after })),
		(p) => p.next_after);
	const { rows, more, next } = list;
	return html`<${PageTitle}>Partners<//>
		<${ErrorNote} error=${list.error} />
		<${Loading} loading=${list.loading} />
		${!list.loading && html`<table class="list" id="partners">
			<caption>The partners of this environment, oldest first</caption>
			<thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Tier</th>
				<th scope="col">Status</th><th scope="col">Active keys</th><th scope="col">Created</th></tr></thead>
			<tbody>${rows.map((p) => html`<tr key=${p.id}>
				<td><a href=${'#/partners/' + encodeURIComponent(p.id)}>${p.name}</a></td>
				<td><code>${p.id}</code></td><td>${p.tier}</td><td><${Status} value=${p.status} /></td>
				<td>${p.active_keys}</td><td><${When} iso=${p.created_at} /></td>
			</tr>`)}</tbody>
		</table>`}
		${more && html`<p><button type="button" id="partners-more" onClick=${next}>More partners</button></p>`}
		${session.permissions['ops-partners'] && html`<${CreatePartner} onCreated=${list.reload} />`}`;
}

// Suspend or Reactivate, with the reason; onDone(partner) with the answer.
function Suspension({ partner, onDone }) {
	const [reason, setReason] = useState('');
	const suspend = partner.status === 'active';
	const { busy, error, onSubmit: submit } = useSubmit(async () => {
		const r = await call('POST', partnerPath(partner.id) + (suspend ? '/suspend' : '/reactivate'),
			{ reason });
		setReason('');
		onDone(r.data);
	});
	return html`<section aria-labelledby="suspension-title">
		<h2 id="suspension-title">${suspend ? 'Suspend this partner' : 'Reactivate this partner'}</h2>
		<p>${suspend
			? 'Its API keys are refused (403 FORBIDDEN) until it is reactivated; nothing else changes.'
			: 'Its API keys work again as they were.'}</p>
		<form class="card narrow" onSubmit=${submit} aria-labelledby="suspension-title" novalidate>
			<${Reason} id="suspension-reason" value=${reason} onInput=${(e) => setReason(e.currentTarget.value)} />
			<${ErrorNote} error=${error} />
			<button type="submit" id=${suspend ? 'suspend' : 'reactivate'} class=${suspend ? 'danger' : 'primary'}
				disabled=${busy}>${suspend ? 'Suspend' : 'Reactivate'}</button>
		</form>
	</section>`;
}

// The tier's change, with the reason; onDone(partner) with the answer.
function TierChange({ partner, onDone }) {
	const [v, set, clear] = useForm({ tier: partner.tier, reason: '' });
	const { busy, error, onSubmit: submit } = useSubmit(async () => {
		const r = await call('POST', partnerPath(partner.id) + '/tier', { tier: v.tier, reason: v.reason });
		clear();
		onDone(r.data, `Its tier is ${r.data.tier}: its next withdrawals meet its limits.`);
	});
	return html`<section aria-labelledby="tier-title">
		<h2 id="tier-title">Change the tier</h2>
		<p>Its withdrawals meet the new tier's limits from its next request.</p>
		<form class="card narrow" onSubmit=${submit} aria-labelledby="tier-title" novalidate>
			<div class="field">
				<label for="tier-new">Tier</label>
				<select id="tier-new" value=${v.tier} onChange=${set('tier')}>
					${TIERS.map((t) => html`<option value=${t} key=${t}>${t}</option>`)}
				</select>
			</div>
			<${Reason} id="tier-reason" value=${v.reason} onInput=${set('reason')} />
			<${ErrorNote} error=${error} />
			<button type="submit" id="tier-submit" class="primary" disabled=${busy}>Change the tier</button>
		</form>
	</section>`;
}

// A credit of a real deposit (credit) or an adjustment of a balance, with
// its reference (once per reference) and the reason; onDone(partner,
// what) with the answer.
function MoneyChange({ partner, credit, onDone }) {
	const name = credit ? 'credit' : 'adjust';
	const [v, set, clear] = useForm({ currency: 'USDT', amount: '', reference: '', reason: '' });
	const { busy, error, onSubmit: submit } = useSubmit(async () => {
		const r = await call('POST', partnerPath(partner.id) + '/' + name,
			{ currency: v.currency, amount: v.amount, reference: v.reference, reason: v.reason });
		clear();
		onDone(r.data.partner, credit
			? `Credited ${r.data.deposit.amount} ${r.data.deposit.currency} (reference ${r.data.deposit.reference}).`
			: `Adjusted ${r.data.adjustment.currency} by ${r.data.adjustment.amount} (reference ` +
				`${r.data.adjustment.reference}): ${r.data.adjustment.available} available.`);
	});
	return html`<section aria-labelledby=${name + '-title'}>
		<h2 id=${name + '-title'}>${credit ? 'Credit a deposit' : 'Adjust a balance'}</h2>
		<p>${credit
			? "A real deposit the partner made (a bank wire, a transfer seen elsewhere), credited once per reference. A chain deposit the service did not match is assigned from its own record instead."
			: 'A correction of an available balance by a signed amount (-5.25 takes 5.25 away), once per reference.'}</p>
		<form class="card narrow" onSubmit=${submit} aria-labelledby=${name + '-title'} novalidate>
			<div class="field">
				<label for=${name + '-currency'}>Currency</label>
				<select id=${name + '-currency'} value=${v.currency} onChange=${set('currency')}>
					${(credit ? ['USDT', 'USDC'] : ['USDT', 'USDC', 'GHS']).map((c) =>
						html`<option value=${c} key=${c}>${c}</option>`)}
				</select>
			</div>
			<${Field} id=${name + '-amount'} label="Amount" required inputmode="decimal" autocomplete="off"
				hint=${credit ? 'Positive, at most 1000000, the currency\'s places.'
					: 'Signed, not zero, at most 1000000 either way.'}
				value=${v.amount} onInput=${set('amount')} />
			<${Field} id=${name + '-reference'} label="Reference" required maxlength=${credit ? '100' : '40'}
				autocomplete="off" hint="Once per reference: the same one again changes nothing."
				value=${v.reference} onInput=${set('reference')} />
			<${Reason} id=${name + '-reason'} value=${v.reason} onInput=${set('reason')} />
			<${ErrorNote} error=${error} />
			<button type="submit" id=${name + '-submit'} class="primary" disabled=${busy}>
				${credit ? 'Credit' : 'Adjust'}</button>
		</form>
	</section>`;
}

// One partner: what it is, its tier's limits, its balances, its keys
// (never a secret); for an operator Suspend or Reactivate and the tier,
// for the operator and finance a credit and an adjustment.
export function Partner({ id, session }) {
	const [changed, setChanged] = useState(null);
	const [done, setDone] = useState('');
	const [moneyDone, setMoneyDone] = useState('');
	const got = useLoad(() => call('GET', partnerPath(id)).then((r) => r.data), [id]);
	const p = changed || got.data;
	const changedBy = (np, what) => {
		setChanged(np);
		setDone('');
		setMoneyDone(what);
	};
	return html`<${PageTitle}>${p ? p.name : 'A partner'}<//>
		<p><a href="#/partners">All partners</a></p>
		<${ErrorNote} error=${got.error} />
		<${Loading} loading=${got.loading && !p} />
		${done && html`<${StatusNote} id="suspension-note">${done}<//>`}
		${moneyDone && html`<${StatusNote} id="partner-note">${moneyDone}<//>`}
		${p && html`<${Details} rows=${[['Id', html`<code id="partner-id">${p.id}</code>`],
			['Status', html`<span id="partner-status"><${Status} value=${p.status} /></span>`],
			['Tier', html`<span id="partner-tier-now">${p.tier}</span>`],
			['Tier set', html`<${When} iso=${p.tier_changed_at} />`], ['Why that tier', p.tier_reason],
			['Environment', p.environment], ['Created', html`<${When} iso=${p.created_at} />`],
			['Suspended', html`<${When} iso=${p.suspended_at} />`], ['Why', p.suspended_reason]]} />
		<h2>Limits</h2>
		${p.limits ? html`<table class="list" id="partner-limits">
			<caption>What its tier (${p.tier}) allows its withdrawals, in ${p.limits.currency}</caption>
			<thead><tr><th scope="col">Per withdrawal</th><th scope="col">A day (UTC)</th>
				<th scope="col">A month (UTC)</th></tr></thead>
			<tbody><tr><td>${p.limits.per_transaction_max}</td><td>${p.limits.daily_limit}</td>
				<td>${p.limits.monthly_limit}</td></tr></tbody>
		</table>` : html`<p>Its tier sets no limits.</p>`}
		<h2>Balances</h2>
		<table class="list" id="partner-balances">
			<thead><tr><th scope="col">Currency</th><th scope="col">Available</th><th scope="col">Pending</th></tr></thead>
			<tbody>${p.balances.map((b) => html`<tr key=${b.currency}><td>${b.currency}</td>
				<td>${b.available}</td><td>${b.pending}</td></tr>`)}</tbody>
		</table>
		<h2>API keys</h2>
		<table class="list" id="partner-keys">
			<thead><tr><th scope="col">Public key</th><th scope="col">Name</th><th scope="col">Status</th>
				<th scope="col">Created</th><th scope="col">Last used</th></tr></thead>
			<tbody>${p.keys.map((k) => html`<tr key=${k.key_id}><td><code>${k.public_key}</code></td>
				<td>${k.name || '—'}</td><td><${Status} value=${k.status} /></td>
				<td><${When} iso=${k.created_at} /></td><td><${When} iso=${k.last_used_at} /></td></tr>`)}</tbody>
		</table>
		${session.permissions['ops-partners'] && html`<${Suspension} key=${p.status} partner=${p}
			onDone=${(np) => {
				setChanged(np);
				setMoneyDone('');
				setDone(np.status === 'suspended' ? 'Suspended: its keys are refused.' : 'Reactivated: its keys work again.');
			}} />
			<${TierChange} key=${'tier ' + p.tier} partner=${p} onDone=${changedBy} />`}
		${session.permissions['ops-money'] && html`<${MoneyChange} partner=${p} credit onDone=${changedBy} />
			<${MoneyChange} partner=${p} onDone=${changedBy} />`}`}`;
}
