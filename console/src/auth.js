// Signing in, signing up (sandbox) and giving the password again before a
// sensitive action (403 reauth_required): the prompt, and useSensitive,
// which every page with such actions (keys, webhooks, security, team)
// runs them through.
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { call } from './api.js';
import { ErrorNote, Field, PageTitle } from './ui.js';

// A form's fields held in one state object: [values, set(name)(event),
// clear()] (clear: the initial values again).
export function useForm(initial) {
	const [values, setValues] = useState(initial);
	const set = (name) => (e) => setValues((v) => ({ ...v, [name]: e.currentTarget.value }));
	return [values, set, () => setValues(initial), setValues];
}

// Runs submit() for a form's onSubmit, with busy and error state.
export function useSubmit(submit) {
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState(null);
	async function onSubmit(e) {
		e.preventDefault();
		if (busy)
			return;
		setBusy(true);
		setError(null);
		try {
			await submit();
		} catch (err) {
			setError(err);
			setBusy(false);
			return;
		}
		setBusy(false);
	}
	return { busy, error, onSubmit };
}

// The sign-in page; onSession(session) once the server opened one. An
// account with two-factor sign-in answers 401 two_factor_required to the
// password alone: the form then asks for the code too. A locked account
// (403 account_locked) is told what lifts the lockout.
export function SignIn({ onSession }) {
	const [v, set] = useForm({ email: '', password: '', code: '' });
	const [needCode, setNeedCode] = useState(false);
	const { busy, error, onSubmit } = useSubmit(async () => {
		const body = { email: v.email, password: v.password };
		if (needCode)
			body.code = v.code.trim();
		try {
			const r = await call('POST', '/console/api/session', body);
			onSession(r.data, null);
		} catch (err) {
			if (err.code !== 'two_factor_required' || needCode)
				throw err;
			setNeedCode(true);
		}
	});
	useEffect(() => {
		if (needCode)
			document.getElementById('signin-code').focus();
	}, [needCode]);
	return html`<${PageTitle}>Sign in<//>
		<form class="card narrow" onSubmit=${onSubmit} novalidate>
			<${Field} id="signin-email" label="Email" type="email" autocomplete="username" required
				value=${v.email} onInput=${set('email')} />
			<${Field} id="signin-password" label="Password" type="password" autocomplete="current-password"
				required value=${v.password} onInput=${set('password')} />
			${needCode && html`<${Field} id="signin-code" label="Two-factor code" autocomplete="one-time-code"
				required maxlength="32" hint="The 6-digit code of your authenticator app, or a recovery code."
				value=${v.code} onInput=${set('code')} />`}
			<${ErrorNote} error=${error} />
			${error && error.code === 'account_locked' && html`<p class="hint spaced" id="locked-hint">The mail sent
				to this address when the account locked holds a link that unlocks it (once, within an hour).
				Setting a new password (<a href="#/forgot">reset it</a>) lifts the lockout too, and so can an
				operator.</p>`}
			<button type="submit" class="primary" disabled=${busy}>${busy ? 'Signing in…' : 'Sign in'}</button>
		</form>
		<p><a href="#/forgot">Forgot your password?</a></p>
		${!/^\/console\/ops(\/|$)/.test(location.pathname) &&
			html`<p>No account yet? <a href="#/signup">Create a sandbox account</a>.</p>`}`;
}

// The sandbox sign-up page: a partner, its owner and the first key pair,
// whose secret onSession hands on to be shown once.
export function SignUp({ onSession }) {
	const [v, set] = useForm({ email: '', password: '', company: '' });
	const { busy, error, onSubmit } = useSubmit(async () => {
		const r = await call('POST', '/console/api/signup',
			{ email: v.email, password: v.password, company: v.company });
		onSession(r.data, r.data.api_key);
	});
	return html`<${PageTitle}>Create a sandbox account<//>
		<form class="card narrow" onSubmit=${onSubmit} novalidate>
			<${Field} id="signup-company" label="Company" autocomplete="organization" required maxlength="200"
				value=${v.company} onInput=${set('company')} />
			<${Field} id="signup-email" label="Email" type="email" autocomplete="username" required
				maxlength="254" value=${v.email} onInput=${set('email')} />
			<${Field} id="signup-password" label="Password" type="password" autocomplete="new-password"
				required minlength="12" maxlength="128" hint="12 to 128 characters."
				value=${v.password} onInput=${set('password')} />
			<${ErrorNote} error=${error} />
			<button type="submit" class="primary" disabled=${busy}>${busy ? 'Creating…' : 'Create the account'}</button>
		</form>
		<p>Have an account? <a href="#/signin">Sign in</a>.</p>`;
}

// The password again (POST /console/api/session/reauth), then onDone()
// retries what asked for it (reporting its own errors); onCancel() gives
// up. why says what needs it; name prefixes the form's ids (two prompts
// may be open on one page).
export function Reauth({ why, name = 'reauth', onDone, onCancel }) {
	const [v, set] = useForm({ password: '' });
	const { busy, error, onSubmit } = useSubmit(async () => {
		await call('POST', '/console/api/session/reauth', { password: v.password });
		onDone();
	});
	// the form appears in the middle of the page: the password field takes the focus
	useEffect(() => document.getElementById(name + '-password').focus(), []);
	return html`<form class="card reauth" onSubmit=${onSubmit} aria-labelledby=${name + '-title'} novalidate>
		<h2 id=${name + '-title'}>Confirm your password</h2>
		<p>${why}</p>
		<${Field} id=${name + '-password'} label="Password" type="password" autocomplete="current-password"
			required value=${v.password} onInput=${set('password')} />
		<${ErrorNote} error=${error} />
		<button type="submit" class="primary" disabled=${busy}>Confirm</button>
		<button type="button" onClick=${onCancel} disabled=${busy}>Cancel</button>
	</form>`;
}

// Runs a page's actions that may need a recent password: perform(action)
// runs action() (busy meanwhile; any other error kept in error). A 403
// reauth_required keeps the action: prompt is then the password form
// (else null), and the action runs again once the password is confirmed;
// waiting says so. why and name are the prompt's (see Reauth).
export function useSensitive(why, name) {
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState(null);
	// the action a reauth_required stopped, run again after the password
	const [pending, setPending] = useState(null);
	async function perform(action) {
		setBusy(true);
		setError(null);
		try {
			await action();
		} catch (err) {
			if (err.code === 'reauth_required')
				setPending(() => action);
			else
				setError(err);
		}
		setBusy(false);
	}
	function reauthed() {
		const action = pending;
		setPending(null);
		perform(action);
	}
	const prompt = pending && html`<${Reauth} why=${why} name=${name} onDone=${reauthed}
		onCancel=${() => setPending(null)} />`;
	return { busy, error, setError, waiting: !!pending, perform, prompt };
}
