// The back office's KYC review (docs/console.md, "Back office"), the
// compliance role's alone: the queue (pending oldest first, then the
// decided ones), and one submission (what its user sent, its images as
// the server opens them: <img> on the API's own address, never kept by
// the browser, no-store) with Approve (a tier) and Reject, each with the
// reason the reviewer types (a rejection's is shown to the user too).
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call } from './api.js';
import { useForm, useSubmit } from './auth.js';
import { Details, ErrorNote, Field, Loading, PageTitle, Status, StatusNote, When, useLoad } from './ui.js';

const TIERS = ['basic', 'verified', 'enterprise'];
const IMAGES = { front: 'Document front', back: 'Document back', selfie: 'Selfie' };
const kycPath = (id) => `/console/api/ops/kyc/${encodeURIComponent(id)}`;

// A list of submissions as a table (caption says which).
function KycTable({ id, caption, rows }) {
	return html`<table class="list" id=${id}>
		<caption>${caption}</caption>
		<thead><tr><th scope="col">Submission</th><th scope="col">Wallet user</th><th scope="col">Document</th>
			<th scope="col">Status</th><th scope="col">Submitted</th></tr></thead>
		<tbody>${rows.map((k) => html`<tr key=${k.id}>
			<td><a href=${'#/kyc/' + encodeURIComponent(k.id)}>${k.id}</a></td><td><code>${k.wallet_id}</code></td>
			<td>${k.document_type}</td><td><${Status} value=${k.status} /></td><td><${When} iso=${k.submitted_at} /></td>
		</tr>`)}</tbody>
	</table>`;
}

// The queue: the pending ones (oldest first), then the decided ones.
export function KycQueue() {
	const got = useLoad(() => call('GET', '/console/api/ops/kyc').then((r) => r.data), []);
	const rows = got.data || [];
	const pending = rows.filter((k) => k.status === 'pending');
	const decided = rows.filter((k) => k.status !== 'pending');
	return html`<${PageTitle}>KYC review<//>
		<${ErrorNote} error=${got.error} />
		<${Loading} loading=${got.loading} />
		${got.data && html`<p>${pending.length === 0 ? 'Nothing is waiting for a decision.'
			: `${pending.length} waiting for a decision, the oldest first.`}</p>
			${pending.length > 0 && html`<${KycTable} id="kyc-queue" caption="Waiting for a decision, oldest first"
				rows=${pending} />`}
			${decided.length > 0 && html`<${KycTable} id="kyc-decided" caption="Decided, newest first" rows=${decided} />`}`}`;
}

// Approve (with a tier) or reject, each with its reason; onDone(submission).
function Decide({ k, onDone }) {
	const [v, set] = useForm({ tier: 'verified', why: '', reject: '' });
	const approve = useSubmit(async () => {
		onDone((await call('POST', kycPath(k.id) + '/approve', { tier: v.tier, reason: v.why })).data);
	});
	const reject = useSubmit(async () => {
		onDone((await call('POST', kycPath(k.id) + '/reject', { reason: v.reject })).data);
	});
	const busy = approve.busy || reject.busy;
	return html`<section aria-labelledby="approve-title">
			<h2 id="approve-title">Approve</h2>
			<form class="card narrow" onSubmit=${approve.onSubmit} aria-labelledby="approve-title" novalidate>
				<div class="field">
					<label for="kyc-tier">Tier</label>
					<select id="kyc-tier" aria-describedby="kyc-tier-hint" value=${v.tier} onChange=${set('tier')}>
						${TIERS.map((t) => html`<option value=${t} key=${t}>${t}</option>`)}
					</select>
					<p class="hint" id="kyc-tier-hint">The user's tier is raised to it, never lowered.</p>
				</div>
				<${Field} id="kyc-approve-reason" label="Reason for approving" required maxlength="200"
					autocomplete="off" hint="Kept in the audit log (1 to 200 characters)." value=${v.why}
					onInput=${set('why')} />
				<${ErrorNote} error=${approve.error} />
				<button type="submit" id="kyc-approve" class="primary" disabled=${busy}>Approve</button>
			</form>
		</section>
		<section aria-labelledby="reject-title">
			<h2 id="reject-title">Reject</h2>
			<form class="card narrow" onSubmit=${reject.onSubmit} aria-labelledby="reject-title" novalidate>
				<${Field} id="kyc-reject-reason" label="Reason for rejecting" required maxlength="200"
					autocomplete="off" hint="Shown to the user, and kept in the audit log (1 to 200 characters)."
					value=${v.reject} onInput=${set('reject')} />
				<${ErrorNote} error=${reject.error} />
				<button type="submit" id="kyc-reject" class="danger" disabled=${busy}>Reject</button>
			</form>
		</section>`;
}

// One submission: its fields, its images, and while pending the decision.
export function KycSubmission({ id, session }) {
	const [decided, setDecided] = useState(null);
	const got = useLoad(() => call('GET', kycPath(id)).then((r) => r.data), [id]);
	const k = decided || got.data;
	return html`<${PageTitle}>${k ? `KYC: ${k.full_name}` : 'A KYC submission'}<//>
		<p><a href="#/kyc">The KYC queue</a></p>
		<${ErrorNote} error=${got.error} />
		<${Loading} loading=${got.loading && !k} />
		${decided && html`<${StatusNote} id="kyc-note">${decided.status === 'approved'
			? `Approved: the user's tier is ${decided.user_tier}.` : 'Rejected: the user is told why.'}<//>`}
		${k && html`<${Details} rows=${[['Submission', html`<code>${k.id}</code>`],
			['Status', html`<span id="kyc-status"><${Status} value=${k.status} /></span>`],
			['Wallet user', html`<code>${k.wallet_id}</code>`], ["User's tier", k.user_tier],
			['Full name', k.full_name], ['Date of birth', k.date_of_birth],
			['Document', k.document_type], ['Document number', k.document_number],
			['Submitted', html`<${When} iso=${k.submitted_at} />`], ['Decided', html`<${When} iso=${k.decided_at} />`],
			['Tier granted', k.approved_tier], ['Why rejected', k.rejection_reason]]} />
		<h2>Images</h2>
		<div class="kyc-images">${k.images.map((n) => html`<figure key=${n}>
			<img id=${'kyc-image-' + n} src=${kycPath(k.id) + '/images/' + n} alt=${`${IMAGES[n]} of ${k.full_name}`} />
			<figcaption>${IMAGES[n]}</figcaption>
		</figure>`)}</div>
		${k.status === 'pending' && session.permissions['ops-kyc'] && html`<${Decide} k=${k} onDone=${setDecided} />`}`}`;
}
