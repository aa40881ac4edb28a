// Security: two-factor sign-in (docs/console.md, "Two-factor sign-in").
// Whether it is on (GET /console/api/2fa); setting it up: the server's QR
// code (an <img> of its SVG as a data: URL, never inserted as markup) and
// the secret as text for typing into an app, then the first code, which
// turns it on and answers the 10 recovery codes, shown once; turning it
// off after a confirm step; and for an owner, requiring it of every
// member. Beginning, turning off and requiring need a recent password
// (the prompt of useSensitive).
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call } from './api.js';
import { useForm, useSensitive, useSubmit } from './auth.js';
import { Confirm, ErrorNote, Field, Loading, PageTitle, ShownOnce, StatusNote, useLoad } from './ui.js';

const WHY = 'Changing two-factor sign-in needs your password from the last five minutes.';

// text (UTF-8) as base64, for a data: URL.
function base64(text) {
	let bin = '';
	for (const b of new TextEncoder().encode(text))
		bin += String.fromCharCode(b);
	return btoa(bin);
}

// The secret in groups of four, as authenticator apps show and take it.
const grouped = (secret) => secret.replace(/(.{4})(?=.)/g, '$1 ');

// The enrolment begun: scan or type the secret, then the first code.
// onEnabled(recovery codes) once the server turned it on; onCancel leaves.
function Enrol({ enrolment, onEnabled, onCancel }) {
	const [v, set] = useForm({ code: '' });
	const { busy, error, onSubmit } = useSubmit(async () => {
		const r = await call('POST', '/console/api/2fa/confirm', { code: v.code.replace(/\s/g, '') });
		onEnabled(r.data.recovery_codes);
	});
	const qr = 'data:image/svg+xml;base64,' + base64(enrolment.qr_svg);
	return html`<section class="card enrol" aria-labelledby="enrol-title">
		<h2 id="enrol-title">Set up two-factor sign-in</h2>
		<ol class="steps">
			<li>
				<p>Scan this QR code with an authenticator app (Google Authenticator, Aegis, 1Password…).</p>
				<img class="qr" id="totp-qr" src=${qr} width="224" height="224"
					alt="QR code of your two-factor secret, for an authenticator app" />
				<p>No camera? Type this key into the app instead (time-based, 6 digits, every 30 seconds):</p>
				<p><code id="totp-secret" class="key">${grouped(enrolment.secret)}</code></p>
			</li>
			<li>
				<form onSubmit=${onSubmit} novalidate>
					<${Field} id="totp-code" label="Code from your app" inputmode="numeric"
						autocomplete="one-time-code" required maxlength="7" pattern="[0-9 ]*"
						hint="The 6 digits the app shows now." value=${v.code} onInput=${set('code')} />
					<${ErrorNote} error=${error} />
					<button type="submit" class="primary" disabled=${busy}>Turn on two-factor</button>
					<button type="button" onClick=${onCancel} disabled=${busy}>Cancel</button>
				</form>
			</li>
		</ol>
	</section>`;
}

// The recovery codes the server answered once.
function RecoveryCodes({ codes }) {
	return html`<${ShownOnce} title="Your recovery codes" target="recovery-codes"
		lead="This is the only time these codes are shown."
		rest="Keep them somewhere safe, apart from your phone: if you lose the authenticator app, each signs you in once in place of a code."
		copy=${codes.join('\n')} copyLabel="Copy the recovery codes">
		<ol id="recovery-codes" class="codes">${codes.map((c) => html`<li key=${c}><code>${c}</code></li>`)}</ol>
	<//>`;
}

// session: the signed-in session; enrolNeeded: the partner requires
// two-factor sign-in and this user has not set it up (the app sent them
// here); onChanged(): the session changed (ask for it again); onEnrolled():
// two-factor is now on, so the app lets the user go anywhere at once (not
// only once the session read again comes back: a click on another page
// meanwhile would be sent back here).
export function Security({ session, enrolNeeded, onChanged, onEnrolled }) {
	const state = useLoad(() => call('GET', '/console/api/2fa'), []);
	const act = useSensitive(WHY);
	const [enrolment, setEnrolment] = useState(null);
	const [codes, setCodes] = useState(null);
	const [note, setNote] = useState(null);
	const [turningOff, setTurningOff] = useState(false);
	const busy = act.busy || act.waiting;
	const s = state.data && state.data.data;

	const begin = () => act.perform(async () => {
		setNote(null);
		setCodes(null);
		const r = await call('POST', '/console/api/2fa', {});
		setEnrolment(r.data);
	});
	const turnOff = () => act.perform(async () => {
		setNote(null);
		try {
			await call('DELETE', '/console/api/2fa');
		} finally {
			setTurningOff(false);
		}
		setCodes(null);
		setNote('Two-factor sign-in is off: your password alone signs you in.');
		state.reload();
		onChanged();
	});
	const requireAll = (required) => act.perform(async () => {
		setNote(null);
		try {
			await call('PUT', '/console/api/2fa/requirement', { required });
		} finally {
			// the box shows what the server holds, whatever happened
			state.reload();
		}
		setNote(required
			? 'Every member must now sign in with two factors; those without it may only set it up.'
			: 'Two-factor sign-in is no longer required of every member.');
		onChanged();
	});
	function enabled(list) {
		setEnrolment(null);
		setCodes(list);
		setNote('Two-factor sign-in is on: from now on, signing in asks for a code from your app.');
		state.reload();
		onEnrolled();
		onChanged();
	}

	return html`<${PageTitle}>Security<//>
		${enrolNeeded && html`<p class="note note-warn" role="alert" id="enrol-required">
			${session.partner
				? 'Your account requires two-factor sign-in of every member.'
				: 'The back office requires two-factor sign-in of everyone in it.'} Set it up here: until you
			do, the rest of the console is closed to you.</p>`}
		${act.prompt}
		<${ErrorNote} error=${state.error || act.error} />
		${note && html`<${StatusNote} id="security-note">${note}<//>`}
		${codes && html`<${RecoveryCodes} codes=${codes} />`}
		<${Loading} loading=${state.loading && !state.data} />
		${s && html`<section aria-labelledby="twofactor-title">
			<h2 id="twofactor-title">Two-factor sign-in</h2>
			<p>With it on, signing in takes your password and a 6-digit code from an authenticator app
				on your phone: a stolen password alone opens nothing.</p>
			<p id="twofactor-state">Two-factor sign-in is <strong>${s.enabled ? 'on' : 'off'}</strong>.
				${s.required && ' Your account requires it of every member.'}</p>
			${!s.enabled && !enrolment && html`<p><button type="button" class="primary" disabled=${busy}
				onClick=${begin}>Set up two-factor</button></p>`}
			${!s.enabled && enrolment && html`<${Enrol} enrolment=${enrolment} onEnabled=${enabled}
				onCancel=${() => setEnrolment(null)} />`}
			${s.enabled && (turningOff
				? html`<${Confirm} question="Turn off two-factor sign-in? Your password alone will sign you in."
					yes="Yes, turn it off" no="No, keep it on" busy=${busy} onYes=${turnOff}
					onNo=${() => setTurningOff(false)} />`
				: html`<p><button type="button" class="danger" disabled=${busy}
					onClick=${() => setTurningOff(true)}>Turn off two-factor</button></p>`)}
		</section>`}
		${s && session.permissions.team && html`<section aria-labelledby="requirement-title">
			<h2 id="requirement-title">Every member</h2>
			<div class="check">
				<input type="checkbox" id="require-2fa" checked=${s.required} disabled=${busy}
					aria-describedby="require-2fa-hint" onChange=${(e) => requireAll(e.currentTarget.checked)} />
				<label for="require-2fa">Require two-factor for every member</label>
			</div>
			<p class="hint" id="require-2fa-hint">A member who has not set it up (you too) may then only set
				it up, and nobody may turn it off.</p>
		</section>`}`;
}
