// The back office's view of cediramp-signer, on the Chain page
// (docs/console.md, "Back office"): the pending withdrawals it signed
// nothing for, each with the rule that refused it (asked for again at the
// withdrawal's next check), and its key rotations with their steps.
// Read-only: the signer's policy is changed in its own config, and a
// rotation is asked for with `cediramp-admin signer rotate`.
import { html } from 'htm/preact';
import { call } from './api.js';
import { Listing } from './ops_payouts.js';
import { ErrorNote, Loading, Status, When, useLoad } from './ui.js';

const partnerLink = (id) => html`<a href=${'#/partners/' + encodeURIComponent(id)}><code>${id}</code></a>`;

export function Signer() {
	const got = useLoad(() => call('GET', '/console/api/ops/signer').then((r) => r.data), []);
	const s = got.data;
	return html`<section aria-labelledby="signer-title">
		<h2 id="signer-title">The signer</h2>
		<${ErrorNote} error=${got.error} /><${Loading} loading=${got.loading && !s} />
		${s && html`<${Listing} id="signer-held" caption="Withdrawals the signer holds: it signed nothing for them, oldest first"
			empty="The signer holds no withdrawal." head=${['Withdrawal', 'Partner', 'Amount', 'Held since', 'Why']}
			rows=${s.held} row=${(h) => html`<tr key=${h.withdrawal_id}><td><code>${h.withdrawal_id}</code></td>
				<td>${partnerLink(h.partner_id)}</td><td>${h.amount} ${h.currency}</td>
				<td><${When} iso=${h.held_since} /></td><td>${h.reason}</td></tr>`} />
		${s.held.length > 0 && html`<p id="signer-held-note">Each is asked for again at its next check, and signed
			once the rule allows it (a cap's window moves on, or the signer's config is changed).</p>`}
		<${Listing} id="signer-rotations" caption="The operator key's rotations: newest first"
			empty="The operator key was never rotated." head=${['Rotation', 'Step', 'Old key', 'New key', 'Asked', 'At this step since']}
			rows=${s.rotations} row=${(v) => html`<tr key=${v.id}><td>${v.id}</td>
				<td><${Status} value=${v.step} />${v.reason && html` (${v.reason})`}</td>
				<td><code>${v.old_address}</code></td><td>${v.new_address ? html`<code>${v.new_address}</code>` : 'not made yet'}</td>
				<td><${When} iso=${v.requested_at} /></td><td><${When} iso=${v.step_since} /></td></tr>`} />`}
		<p><button type="button" id="signer-refresh" onClick=${got.reload}>Read the holds and rotations again</button></p>
	</section>`;
}
