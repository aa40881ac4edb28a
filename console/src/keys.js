// The API keys page: the key pairs (public half, status, made, last used,
// revoked), creating one (its secret shown once) and revoking one after a
// confirm step. Both need the password from the last five minutes: on 403
// reauth_required the page asks for it, then retries.
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call } from './api.js';
import { useSensitive } from './auth.js';
import { Confirm, ErrorNote, Loading, PageTitle, SecretOnce, Status, StatusNote, When,
	useLoad } from './ui.js';

export function Keys() {
	const keys = useLoad(() => call('GET', '/console/api/keys'), []);
	const [made, setMade] = useState(null);
	const [note, setNote] = useState(null);
	const [revoking, setRevoking] = useState(null);
	const act = useSensitive('Creating or revoking a key needs your password from the last five minutes.');
	const busy = act.busy || act.waiting;

	const create = () => act.perform(async () => {
		setNote(null);
		const r = await call('POST', '/console/api/keys', {});
		setMade(r.data);
		keys.reload();
	});
	const revoke = (key) => act.perform(async () => {
		setNote(null);
		await call('DELETE', `/console/api/keys/${encodeURIComponent(key.key_id)}`);
		setRevoking(null);
		if (made && made.key_id === key.key_id)
			setMade(null);
		setNote(`${key.public_key} is revoked: its secret key is refused from now on.`);
		keys.reload();
	});

	const list = (keys.data && keys.data.data) || [];
	return html`<${PageTitle}>API keys<//>
		<p>A key pair is a secret key (<code>sk_…</code>, for your servers' requests to the partner API)
			and its public half (<code>pk_…</code>, safe to show and quote to support).</p>
		${!act.waiting && html`<p><button type="button" class="primary" disabled=${busy} onClick=${create}>
			Create a key pair</button></p>`}
		${act.prompt}
		<${ErrorNote} error=${keys.error || act.error} />
		${note && html`<${StatusNote}>${note}<//>`}
		${made && html`<${SecretOnce} title="Your new key pair" secret=${made.secret_key}
			publicKey=${made.public_key} />`}
		<${Loading} loading=${keys.loading && !keys.data} />
		${keys.data && list.length === 0 && html`<p>No keys yet.</p>`}
		${list.length > 0 && html`<div class="table-wrap"><table>
			<caption>Key pairs, newest first</caption>
			<thead><tr>
				<th scope="col">Public key</th><th scope="col">Status</th><th scope="col">Created</th>
				<th scope="col">Last used</th><th scope="col">Revoked</th><th scope="col">Action</th>
			</tr></thead>
			<tbody>${list.map((k) => html`<tr key=${k.key_id}>
				<td><code>${k.public_key}</code></td>
				<td><${Status} value=${k.status} /></td>
				<td><${When} iso=${k.created_at} /></td>
				<td><${When} iso=${k.last_used_at} /></td>
				<td><${When} iso=${k.revoked_at} /></td>
				<td>${k.status === 'active' && (revoking === k.key_id
					? html`<${Confirm} question=${`Revoke ${k.public_key}? Requests with its secret key will be refused.`}
						yes="Yes, revoke it" no="No, keep it" busy=${busy}
						onYes=${() => revoke(k)} onNo=${() => setRevoking(null)} />`
					: html`<button type="button" class="danger" aria-label=${'Revoke ' + k.public_key}
						disabled=${busy} onClick=${() => setRevoking(k.key_id)}>Revoke</button>`)}</td>
			</tr>`)}</tbody>
		</table></div>`}`;
}
