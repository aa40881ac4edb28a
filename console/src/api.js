// The console API (/console/api, docs/console.md) as the pages call it:
// same-origin fetch with the session cookie, the session's CSRF token on
// every call that changes something, JSON in and out. A failure is an
// ApiError carrying the server's code and message, which the pages show.

let csrfToken = '';
let onSignedOut = null;
let onEnrolment = null;

// An answer that is not a success: the HTTP status, the error code
// ("unauthorized", "reauth_required", ...) and the server's message.
export class ApiError extends Error {
	constructor(status, code, message) {
		super(message);
		this.status = status;
		this.code = code;
	}
}

// The session's CSRF token (from GET/POST /console/api/session or the
// sign-up), sent as X-CSRF-Token on every call but GET.
export function setCsrfToken(token) {
	csrfToken = token || '';
}

// fn() runs whenever an answer says the session is gone (401
// unauthorized): the app then shows the sign-in page.
export function whenSignedOut(fn) {
	onSignedOut = fn;
}

// fn() runs whenever an answer says the partner requires two-factor
// sign-in of this user, who has not set it up yet (403
// two_factor_enrolment_required): the app then opens the Security page.
export function whenEnrolmentRequired(fn) {
	onEnrolment = fn;
}

// method path [body]: the parsed answer ({data[, pagination]}), null for
// a 204; throws an ApiError otherwise. body undefined sends no body (a
// cancel: Content-Length 0); anything else is sent as JSON.
export async function call(method, path, body) {
	const init = { method, credentials: 'same-origin', cache: 'no-store',
		headers: { Accept: 'application/json' } };
	if (method !== 'GET')
		init.headers['X-CSRF-Token'] = csrfToken;
	if (body !== undefined) {
		init.headers['Content-Type'] = 'application/json';
		init.body = JSON.stringify(body);
	}
	let res;
	try {
		res = await fetch(path, init);
	} catch {
		throw new ApiError(0, 'network', 'The service could not be reached. Try again.');
	}
	if (res.status === 204)
		return null;
	let json = null;
	try {
		json = await res.json();
	} catch {
		json = null;
	}
	if (res.ok && json !== null)
		return json;
	const err = (json && json.error) || {};
	const e = new ApiError(res.status, err.code || 'http_' + res.status,
		err.message || `The service answered ${res.status}.`);
	if (e.code === 'unauthorized' && onSignedOut)
		onSignedOut();
	if (e.code === 'two_factor_enrolment_required' && onEnrolment)
		onEnrolment();
	throw e;
}

// A query string of the non-empty members of params ('' when none).
export function query(params) {
	const q = new URLSearchParams();
	for (const [k, v] of Object.entries(params))
		if (v !== undefined && v !== null && v !== '')
			q.set(k, String(v));
	const s = q.toString();
	return s ? '?' + s : '';
}
