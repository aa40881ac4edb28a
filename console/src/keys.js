// The API keys page (docs/console.md, "API keys: the key pair"): the key
// pairs (name, public half, status, made, last used and from where,
// expiry, revocation); creating one, with a name (its secret shown once);
// renaming one in place; rolling one (a new pair under its name, the old
// key kept working for an overlap of no time, an hour, a day or a week;
// the new secret shown once); revoking one after a confirm step.
// Creating, rolling and revoking need the password from the last five
// minutes: on 403 reauth_required the page asks for it, then retries.
// Below them, Request signing (signing.js): the partner's policy and the
// public keys its requests are signed with. Names are the partner's:
// rendered as text.
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { call } from './api.js';
import { useForm, useSensitive } from './auth.js';
import { Signing } from './signing.js';
import { ChoiceForm, Confirm, ErrorNote, Field, Loading, PageTitle, SecretOnce, Status, StatusNote,
	SubmitCancel, When, useLoad } from './ui.js';

// How long the old key keeps working after a roll: [hours, said].
const OVERLAPS = [[0, 'no time: it stops now'], [1, '1 hour'], [24, '24 hours'], [168, '7 days (168 hours)']];
const OVERLAP_DEFAULT = '24';

const keyPath = (id) => `/console/api/keys/${encodeURIComponent(id)}`;

// The rename form of key k in its name cell, run through act (the page's
// useSensitive); onDone(renamed) once renamed (true) or on Cancel (false).
function Rename({ k, act, onDone }) {
	const [name, setName] = useState(k.name);
	const input = useRef(null);
	const busy = act.busy || act.waiting;
	// the form appears in place of the name: its field takes the focus
	useEffect(() => {
		input.current.focus();
	}, []);
	function submit(e) {
		e.preventDefault();
		if (busy)
			return;
		act.perform(async () => {
			await call('PATCH', keyPath(k.key_id), { name });
			onDone(true);
		});
	}
	return html`<form class="inline" onSubmit=${submit} aria-label=${'Rename ' + k.public_key} novalidate>
		<div class="field">
			<label for=${'name-' + k.key_id}>New name</label>
			<input id=${'name-' + k.key_id} ref=${input} maxlength="64" required value=${name}
				onInput=${(e) => setName(e.currentTarget.value)} />
		</div>
		<${SubmitCancel} submit="Save the name" busy=${busy} onCancel=${() => onDone(false)} />
	</form>`;
}

// One key's row and its actions, run through act (the page's
// useSensitive); onDone(what happened) after each.
function KeyRow({ k, act, onDone }) {
	// null, 'rename', 'roll' or 'revoke': the step the row shows
	const [step, setStep] = useState(null);
	const [overlap, setOverlap] = useState(OVERLAP_DEFAULT);
	const busy = act.busy || act.waiting;
	const pk = k.public_key;
	const roll = (e) => {
		e.preventDefault();
		act.perform(async () => {
			const r = await call('POST', `${keyPath(k.key_id)}/roll`, { overlap_hours: Number(overlap) });
			setStep(null);
			onDone({ rolled: r.data });
		});
	};
	const revoke = () => act.perform(async () => {
		try {
			await call('DELETE', keyPath(k.key_id));
		} finally {
			setStep(null);
		}
		onDone({ revoked: k });
	});
	let actions = null;
	if (step === 'revoke')
		actions = html`<${Confirm} question=${`Revoke ${pk}? Requests with its secret key will be refused.`}
			yes="Yes, revoke it" no="No, keep it" busy=${busy} onYes=${revoke} onNo=${() => setStep(null)} />`;
	else if (step === 'roll')
		actions = html`<${ChoiceForm} id=${'overlap-' + k.key_id} name=${'Roll ' + pk}
			label="Keep the old key working for" options=${OVERLAPS} value=${overlap} onChange=${setOverlap}
			submit="Roll the key" busy=${busy} onSubmit=${roll} onCancel=${() => setStep(null)} />`;
	else if (k.status === 'active' || k.status === 'expiring')
		actions = html`<div class="actions">
			${k.status === 'active' && html`<button type="button" disabled=${busy} aria-label=${'Roll ' + pk}
				onClick=${() => setStep('roll')}>Roll</button>`}
			<button type="button" class="danger" aria-label=${'Revoke ' + pk} disabled=${busy}
				onClick=${() => setStep('revoke')}>Revoke</button>
		</div>`;
	return html`<tr>
		<td class="key-name">${step === 'rename'
			? html`<${Rename} k=${k} act=${act} onDone=${(renamed) => {
				setStep(null);
				if (renamed)
					onDone({ renamed: k });
			}} />`
			: html`<span class="name">${k.name || html`<span class="hint">no name</span>`}</span>
				<button type="button" class="small" disabled=${busy} aria-label=${'Rename ' + pk}
					onClick=${() => setStep('rename')}>Rename</button>`}</td>
		<td><code>${pk}</code></td>
		<td><${Status} value=${k.status} /></td>
		<td><${When} iso=${k.created_at} /></td>
		<td><${When} iso=${k.last_used_at} />${k.last_used_address &&
			html`<span class="id">from ${k.last_used_address}</span>`}</td>
		<td><${When} iso=${k.expires_at} /></td>
		<td><${When} iso=${k.revoked_at} /></td>
		<td>${actions}</td>
	</tr>`;
}

export function Keys() {
	const keys = useLoad(() => call('GET', '/console/api/keys'), []);
	const [v, set, clear] = useForm({ name: '' });
	// {key: the new pair with its secret, title}: shown once
	const [made, setMade] = useState(null);
	const [note, setNote] = useState(null);
	const act = useSensitive('Creating, rolling or revoking a key needs your password from the last five minutes.');
	const busy = act.busy || act.waiting;

	function create(e) {
		e.preventDefault();
		if (busy)
			return;
		const body = v.name ? { name: v.name } : {};
		act.perform(async () => {
			setNote(null);
			const r = await call('POST', '/console/api/keys', body);
			setMade({ key: r.data, title: 'Your new key pair' });
			clear();
			keys.reload();
		});
	}
	// what a row's action did, said
	function done(what) {
		if (what.rolled) {
			const { key, previous: old } = what.rolled;
			setMade({ key, title: `The new key pair of ${key.name || old.public_key}` });
			setNote(old.status === 'expiring'
				? html`${old.public_key} was rolled: it keeps working until <${When} iso=${old.expires_at} />,
					then only the new key below does.`
				: `${old.public_key} was rolled and stopped: only the new key below works.`);
		} else {
			setNote(what.revoked
				? `${what.revoked.public_key} is revoked: its secret key is refused from now on.`
				: `${what.renamed.public_key} is renamed.`);
			if (what.revoked && made && made.key.key_id === what.revoked.key_id)
				setMade(null);
		}
		keys.reload();
	}

	const list = (keys.data && keys.data.data) || [];
	return html`<${PageTitle}>API keys<//>
		<p>A key pair is a secret key (<code>sk_…</code>, for your servers' requests to the partner API)
			and its public half (<code>pk_…</code>, safe to show and quote to support). Rolling a key makes a new
			pair under its name; the old one keeps working for the overlap you choose, while you deploy the new
			secret.</p>
		<form class="card narrow create-key" onSubmit=${create} aria-labelledby="create-title" novalidate>
			<h2 id="create-title">New key pair</h2>
			<${Field} id="key-name" label="Name (optional)" maxlength="64" autocomplete="off"
				hint="What the key is for, such as the server that uses it: up to 64 characters."
				value=${v.name} onInput=${set('name')} />
			<button type="submit" class="primary" disabled=${busy}>Create a key pair</button>
		</form>
		${act.prompt}
		<${ErrorNote} error=${keys.error || act.error} />
		${note && html`<${StatusNote} id="keys-note">${note}<//>`}
		${made && html`<${SecretOnce} title=${made.title} secret=${made.key.secret_key}
			publicKey=${made.key.public_key} />`}
		<${Loading} loading=${keys.loading && !keys.data} />
		${keys.data && list.length === 0 && html`<p>No keys yet.</p>`}
		${list.length > 0 && html`<div class="table-wrap"><table id="keys">
			<caption>Key pairs, newest first</caption>
			<thead><tr>
				<th scope="col">Name</th><th scope="col">Public key</th><th scope="col">Status</th>
				<th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th>
				<th scope="col">Revoked</th><th scope="col">Actions</th>
			</tr></thead>
			<tbody>${list.map((k) => html`<${KeyRow} key=${k.key_id} k=${k} act=${act} onDone=${done} />`)}</tbody>
		</table></div>`}
		<${Signing} />`;
}
