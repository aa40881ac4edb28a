// API keys -> Request signing (docs/partner-api.md, RFC 9421): whether
// every partner API request must be signed, and the public keys its
// signatures are checked with (key id, algorithm, added). Requiring
// signatures or not (a confirm step saying what it refuses), adding a
// public key (its PEM pasted) and removing one (a confirm step) need the
// password from the last five minutes: on 403 reauth_required the section
// asks for it, then retries. Key ids are the partner's: rendered as text.
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call } from './api.js';
import { useForm, useSensitive } from './auth.js';
import { Confirm, ErrorNote, Field, Loading, StatusNote, When, useLoad } from './ui.js';

const WHY = 'Changing request signing needs your password from the last five minutes.';

// The algorithms a public key may be of: [alg, said].
const ALGS = [['ed25519', 'Ed25519 (ed25519)'],
	['ecdsa-p256-sha256', 'ECDSA P-256 with SHA-256 (ecdsa-p256-sha256)']];

const keyPath = (keyid) => `/console/api/signing/keys/${encodeURIComponent(keyid)}`;

// The form that registers a public key; onAdded(signing, key) with the
// signing the server answered and the key id added.
function AddSigningKey({ onAdded }) {
	const [v, set, clear] = useForm({ keyid: '', alg: ALGS[0][0], pem: '' });
	const act = useSensitive(WHY, 'reauth-sigkey');
	const busy = act.busy || act.waiting;
	function submit(e) {
		e.preventDefault();
		if (busy)
			return;
		const body = { keyid: v.keyid, alg: v.alg, public_key: v.pem };
		act.perform(async () => {
			const r = await call('POST', '/console/api/signing/keys', body);
			clear();
			onAdded(r.data, body.keyid);
		});
	}
	return html`<section class="signing-add" aria-labelledby="sigkey-title">
		<h3 id="sigkey-title">Add a public key</h3>
		${act.prompt}
		<form class="card" onSubmit=${submit} aria-labelledby="sigkey-title" novalidate>
			<${Field} id="sigkey-id" label="Key id" required maxlength="64" autocomplete="off" spellcheck="false"
				hint="The keyid your signatures name: 1 to 64 letters, digits, dots, underscores, colons or hyphens."
				value=${v.keyid} onInput=${set('keyid')} />
			<div class="field">
				<label for="sigkey-alg">Algorithm</label>
				<select id="sigkey-alg" value=${v.alg} onChange=${set('alg')}>
					${ALGS.map(([alg, said]) => html`<option value=${alg} key=${alg}>${said}</option>`)}
				</select>
			</div>
			<div class="field">
				<label for="sigkey-pem">Public key (PEM)</label>
				<textarea id="sigkey-pem" rows="5" required spellcheck="false" aria-describedby="sigkey-pem-hint"
					value=${v.pem} onInput=${set('pem')}></textarea>
				<p class="hint" id="sigkey-pem-hint">The SubjectPublicKeyInfo, from <code>-----BEGIN PUBLIC
					KEY-----</code> to <code>-----END PUBLIC KEY-----</code>. Only the public half: the private key
					stays on your servers.</p>
			</div>
			<${ErrorNote} error=${act.error} />
			<button type="submit" class="primary" disabled=${busy}>Add the public key</button>
		</form>
	</section>`;
}

// The section of the API keys page.
export function Signing() {
	const load = useLoad(() => call('GET', '/console/api/signing'), []);
	// the signing as the last change answered it (else as loaded)
	const [now, setNow] = useState(null);
	// the confirm steps shown: of the policy (true or false), of removing a key (its key id or null)
	const [asking, setAsking] = useState(false);
	const [removing, setRemoving] = useState(null);
	const [note, setNote] = useState(null);
	const act = useSensitive(WHY, 'reauth-signing');
	const busy = act.busy || act.waiting;
	const signing = now || (load.data && load.data.data);

	const setPolicy = (required) => act.perform(async () => {
		setNote(null);
		try {
			const r = await call('PUT', '/console/api/signing/policy', { required });
			setNow(r.data);
		} finally {
			setAsking(false);
		}
		setNote(required
			? 'Signed requests are required: an unsigned request through any key is refused from now on.'
			: 'Signed requests are no longer required: unsigned requests are taken again.');
	});
	const remove = (keyid) => act.perform(async () => {
		setNote(null);
		try {
			await call('DELETE', keyPath(keyid));
		} finally {
			setRemoving(null);
		}
		setNow((s) => {
			const was = s || signing;
			return { ...was, keys: was.keys.filter((k) => k.keyid !== keyid) };
		});
		setNote(`The public key ${keyid} is removed: signatures made with it are refused from now on.`);
	});
	function added(data, keyid) {
		setNow(data);
		setNote(`The public key ${keyid} is added: signatures that name it are checked against it.`);
	}

	let policy = null;
	if (signing && asking)
		policy = signing.required
			? html`<${Confirm} question=${'Stop requiring signed requests? Unsigned requests through any of your keys '
				+ 'are taken again; a signed one is still checked.'}
				yes="Yes, stop requiring them" no="No, keep requiring them" busy=${busy}
				onYes=${() => setPolicy(false)} onNo=${() => setAsking(false)} />`
			: html`<${Confirm} question=${'Require signed requests? Every partner API request through every one of '
				+ 'your keys that is not signed with a public key listed here is refused (401), within a second or '
				+ 'so.' + (signing.keys.length === 0 ? ' No public key is listed yet: every request would be refused.'
					: '')}
				yes="Yes, require them" no="No, leave them optional" busy=${busy}
				onYes=${() => setPolicy(true)} onNo=${() => setAsking(false)} />`;
	else if (signing)
		policy = html`<div class="actions">
			<button type="button" class=${signing.required ? '' : 'primary'} disabled=${busy}
				onClick=${() => setAsking(true)}>${signing.required
					? 'Stop requiring signed requests' : 'Require signed requests'}</button>
		</div>`;

	return html`<section aria-labelledby="signing-title" class="signing">
		<h2 id="signing-title">Request signing</h2>
		<p>Your servers may also sign each request (HTTP Message Signatures, RFC 9421) with a private key only they
			hold; cediramp checks the signature with the public key you register here under the same key id.
			Once signed requests are required, a request with a valid secret key but no valid signature is
			refused.</p>
		${act.prompt}
		<${ErrorNote} error=${load.error || act.error} />
		${note && html`<${StatusNote} id="signing-note">${note}<//>`}
		<${Loading} loading=${load.loading && !signing} />
		${signing && html`<p id="signing-state">${signing.required
			? html`Signed requests are <strong>required</strong>: an unsigned request through any key is refused.`
			: html`Signed requests are <strong>optional</strong>: an unsigned request is taken; a signed one is
				checked.`}</p>
		${policy}
		${signing.keys.length === 0
			? html`<p id="signing-none">No public keys yet.</p>`
			: html`<div class="table-wrap"><table id="signing-keys">
				<caption>Public keys for request signing</caption>
				<thead><tr>
					<th scope="col">Key id</th><th scope="col">Algorithm</th><th scope="col">Added</th>
					<th scope="col">Action</th>
				</tr></thead>
				<tbody>${signing.keys.map((k) => html`<tr key=${k.keyid}>
					<td><code>${k.keyid}</code></td><td>${k.alg}</td><td><${When} iso=${k.created_at} /></td>
					<td>${removing === k.keyid
						? html`<${Confirm} question=${`Remove the public key ${k.keyid}? Requests signed with it `
							+ 'are refused from then on.'}
							yes="Yes, remove it" no="No, keep it" busy=${busy}
							onYes=${() => remove(k.keyid)} onNo=${() => setRemoving(null)} />`
						: html`<button type="button" class="danger" disabled=${busy}
							aria-label=${'Remove the public key ' + k.keyid}
							onClick=${() => setRemoving(k.keyid)}>Remove</button>`}</td>
				</tr>`)}</tbody>
			</table></div>`}
		<${AddSigningKey} onAdded=${added} />`}
	</section>`;
}
