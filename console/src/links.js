// The pages a mailed link opens, and the one that asks for a reset link
// (docs/console.md, "Mail: invitations, resets, unlocks"), all without a
// session: #/accept?token= (an invitation: the new member's password, then
// signed in), #/reset?token= (a new password), #/unlock?token= (the
// lockout lifted) and #/forgot (a reset link mailed). The token goes back
// to the server as the link carried it; the server alone says whether it
// still works (404 once used, expired or unknown).
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call } from './api.js';
import { useForm, useSubmit } from './auth.js';
import { ErrorNote, Field, PageTitle, StatusNote } from './ui.js';

const USED_INVITATION = 'This invitation is used, expired or unknown. Ask whoever invited you to invite you again.';
const USED_LINK = 'This link is used, expired or unknown. Ask for another on the sign-in page ' +
	'("Forgot your password?").';

// A link without its token: nothing to send.
function NoToken({ title }) {
	return html`<${PageTitle}>${title}<//>
		<p class="note note-error" role="alert">This link has no token: open the link of the mail as it is
			(copy all of it).</p>
		<p><a href="#/signin">Go to the sign-in page</a>.</p>`;
}

// The new password and the same again (ids prefix-password and
// prefix-confirm); v and set are the form's (useForm).
function NewPassword({ prefix, label, v, set }) {
	return html`<${Field} id=${prefix + '-password'} label=${label} type="password" autocomplete="new-password"
			required minlength="12" maxlength="128" hint="12 to 128 characters."
			value=${v.password} onInput=${set('password')} />
		<${Field} id=${prefix + '-confirm'} label="Confirm the password" type="password"
			autocomplete="new-password" required minlength="12" maxlength="128"
			value=${v.confirm} onInput=${set('confirm')} />`;
}

// Throws, for the form to show, unless the password has 12 to 128 bytes
// (as the server counts: of UTF-8) and the two fields agree.
function checkPassword(v) {
	const n = new TextEncoder().encode(v.password).length;
	if (n < 12 || n > 128)
		throw new Error('The password must have 12 to 128 characters.');
	if (v.password !== v.confirm)
		throw new Error('The two passwords differ: type the same one in both fields.');
}

// err, with the message said for a link that no longer works (404).
function gone(err, said) {
	if (err.code !== 'not_found')
		return err;
	const e = new Error(said);
	e.code = err.code;
	return e;
}

// An invitation's link: the member's password, then the member is made
// and signed in (201, a session): onSession(session, null). signedInAs:
// the email of a session this browser holds already (joining replaces
// it), or null.
export function Accept({ token, signedInAs, onSession }) {
	const [v, set] = useForm({ password: '', confirm: '' });
	const { busy, error, onSubmit } = useSubmit(async () => {
		checkPassword(v);
		let r;
		try {
			r = await call('POST', '/console/api/invitations/accept', { token, password: v.password });
		} catch (err) {
			throw gone(err, USED_INVITATION);
		}
		onSession(r.data, null);
	});
	if (!token)
		return html`<${NoToken} title="Accept your invitation" />`;
	return html`<${PageTitle}>Accept your invitation<//>
		<p>You are invited to join a team on the cediramp console (the mail says whose, and as what). Choose the
			password you will sign in with: joining signs you in.</p>
		${signedInAs && html`<p class="note note-warn" role="status">This browser is signed in as ${signedInAs}:
			joining signs it in as the new member instead.</p>`}
		<form class="card narrow" onSubmit=${onSubmit} aria-label="Your password" novalidate>
			<${NewPassword} prefix="accept" label="Password" v=${v} set=${set} />
			<${ErrorNote} error=${error} />
			<button type="submit" class="primary" disabled=${busy}>${busy ? 'Joining…' : 'Join'}</button>
		</form>`;
}

// A password reset's link: the new password (204). Every session of the
// person ends: onDone() then.
export function Reset({ token, onDone }) {
	const [v, set] = useForm({ password: '', confirm: '' });
	const [done, setDone] = useState(false);
	const { busy, error, onSubmit } = useSubmit(async () => {
		checkPassword(v);
		try {
			await call('POST', '/console/api/password/reset/confirm', { token, password: v.password });
		} catch (err) {
			throw gone(err, USED_LINK);
		}
		setDone(true);
		onDone();
	});
	if (!token)
		return html`<${NoToken} title="Set a new password" />`;
	return html`<${PageTitle}>Set a new password<//>
		${done
			? html`<${StatusNote} id="reset-done">Your password is set: <a href="#/signin">sign in</a> with it.
				Every session you had is signed out.<//>`
			: html`<form class="card narrow" onSubmit=${onSubmit} aria-label="Your new password" novalidate>
				<${NewPassword} prefix="reset" label="New password" v=${v} set=${set} />
				<${ErrorNote} error=${error} />
				<button type="submit" class="primary" disabled=${busy}>Set the password</button>
			</form>`}`;
}

// An unlock link (mailed when too many failed sign-ins locked the
// account): one button lifts the lockout (204).
export function Unlock({ token }) {
	const [done, setDone] = useState(false);
	const { busy, error, onSubmit } = useSubmit(async () => {
		try {
			await call('POST', '/console/api/unlock', { token });
		} catch (err) {
			throw gone(err, USED_LINK);
		}
		setDone(true);
	});
	if (!token)
		return html`<${NoToken} title="Unlock your account" />`;
	return html`<${PageTitle}>Unlock your account<//>
		${done
			? html`<${StatusNote} id="unlock-done">Unlocked: <a href="#/signin">sign in</a>.<//>`
			: html`<form class="card narrow" onSubmit=${onSubmit} aria-label="Unlock" novalidate>
				<p>Your account was locked after too many failed sign-ins. If you did not make them, set a new
					password once unlocked.</p>
				<${ErrorNote} error=${error} />
				<button type="submit" class="primary" disabled=${busy}>Unlock my account</button>
			</form>`}`;
}

// Asks for a reset link (202 whoever asks: the answer reveals no
// account); the server's message is shown.
export function Forgot() {
	const [v, set] = useForm({ email: '' });
	const [said, setSaid] = useState(null);
	const { busy, error, onSubmit } = useSubmit(async () => {
		const r = await call('POST', '/console/api/password/reset', { email: v.email });
		setSaid(r.data.message);
	});
	return html`<${PageTitle}>Reset your password<//>
		<p>Give the email you sign in with: a link to set a new password is mailed to it. The link works once,
			within an hour, and also lifts a lockout.</p>
		${said
			? html`<${StatusNote} id="forgot-note">${said}<//>`
			: html`<form class="card narrow" onSubmit=${onSubmit} aria-label="Ask for a reset link" novalidate>
				<${Field} id="forgot-email" label="Email" type="email" autocomplete="username" required
					maxlength="254" value=${v.email} onInput=${set('email')} />
				<${ErrorNote} error=${error} />
				<button type="submit" class="primary" disabled=${busy}>Mail me a reset link</button>
			</form>`}
		<p><a href="#/signin">Back to the sign-in page</a>.</p>`;
}
