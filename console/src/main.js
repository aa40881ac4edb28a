// The console's pages (docs/console.md, "The pages"): one page app on hash
// routes over the console API. The app holds the session (GET
// /console/api/session), shows the sign-in page whenever the API says
// there is none (401), and offers only what the session's permissions
// allow; the API is what enforces them. A member whose partner requires
// two-factor sign-in and who has not set it up is sent to the Security
// page (the API answers such a member 403 two_factor_enrolment_required).
// The platform's wallet developer has no partner (its session's partner
// is null) and two things to open: Wallet webhooks, its home, and
// Security; any other page says it is not available.
// The pages a mailed link opens (an invitation, a password reset, an
// unlock) need no session: they carry the link's token in the hash's
// query (#/accept?token=...). The back office's people (the platform's
// operator, compliance, finance and read-only) sign in at /console/ops/,
// the same page in its ops mode (taken from the path): their home is
// Partners; a partner's people signed in there are told it is not theirs.
// Bundled by esbuild into app.js.
import { html, render } from 'htm/preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiError, call, setCsrfToken, whenEnrolmentRequired, whenSignedOut } from './api.js';
import { SignIn, SignUp } from './auth.js';
import { Keys } from './keys.js';
import { KycQueue, KycSubmission } from './kyc.js';
import { Accept, Forgot, Reset, Unlock } from './links.js';
import { SandboxMail } from './mail.js';
import { IntentDetail, MoneyList, WithdrawalDetail } from './money.js';
import { Overview } from './overview.js';
import { Partner, Partners } from './ops.js';
import { PayoutPage, Payouts } from './ops_payouts.js';
import { Chain, Rates } from './ops_rates.js';
import { Floats, Reconcile } from './ops_money.js';
import { Security } from './security.js';
import { Audit, Members } from './team.js';
import { ErrorNote, Loading, PageTitle, Status, StatusNote } from './ui.js';
import { WalletJwt } from './walletjwt.js';
import { WALLET_HOOKS, WebhookEvent, Webhooks } from './webhooks.js';

// the pages for the signed out (a session is taken to its start, home())
const PUBLIC = new Set(['signin', 'signup', 'forgot']);
// the pages of the mailed links: the same whether a session is held or not
const LINKS = new Set(['accept', 'reset', 'unlock']);

// The navigation, in order: [route, label, the permission it needs, the
// partner's environment it needs (none: any), the link's route when it
// is not the route itself].
const NAV = [
	['partners', 'Partners', 'ops-read'],
	['kyc', 'KYC review', 'ops-kyc'],
	['payouts', 'Payouts', 'ops-read'],
	['rates', 'Rates', 'ops-read'],
	['chain', 'Chain', 'ops-read'],
	['float', 'Float', 'ops-read'],
	['reconcile', 'Reconcile', 'ops-read'],
	['wallet', 'Wallet webhooks', 'wallet', undefined, 'wallet/webhooks'],
	['wallet-jwt', 'Wallet sign-in (JWT)', 'wallet'],
	['overview', 'Overview', 'read'],
	['withdrawals', 'Withdrawals', 'read'],
	['payment-intents', 'Payment intents', 'read'],
	['keys', 'API keys', 'keys'],
	['webhooks', 'Webhooks', 'webhooks'],
	['team', 'Team', 'team'],
	['audit', 'Audit log', 'team'],
	['mail', 'Sandbox mail', 'read', 'sandbox'],
	['security', 'Security', 'account'],
];

// The back office's page: served at /console/ops/ (the same app).
const OPS = /^\/console\/ops(\/|$)/.test(location.pathname);

// The session is one of the back office's (its roles read it).
const isOps = (session) => !!(session && session.permissions['ops-read']);

// The environment of session's partner; null without one (the wallet developer).
const envOf = (session) => (session.partner ? session.partner.environment : null);

// The navigation's entries session may open.
const navOf = (session) => NAV.filter(([, , p, env]) => session.permissions[p] && (!env || envOf(session) === env));

// The route a session starts on: the overview, or a wallet developer's
// Wallet webhooks.
const home = (session) => (isOps(session) ? 'partners'
	: !session.partner && session.permissions.wallet ? 'wallet/webhooks' : 'overview');

// A hash segment decoded (as it is when it does not decode), or null.
function segment(part) {
	if (!part)
		return null;
	try {
		return decodeURIComponent(part);
	} catch {
		return part;
	}
}

// "#/withdrawals/wd_1" -> {name: "withdrawals", arg: "wd_1", sub: null, more: null};
// "#/webhooks/deliveries/evt_1" -> {..., arg: "deliveries", sub: "evt_1"};
// "#/wallet/webhooks/deliveries/evt_1" -> {name: "wallet", arg: "webhooks",
// sub: "deliveries", more: "evt_1"};
// "#/accept?token=T" -> {name: "accept", ..., query: {token: "T"}};
// "" -> overview. query is a URLSearchParams of what follows the "?".
function parseRoute() {
	const hash = location.hash.replace(/^#\/?/, '');
	const at = hash.indexOf('?');
	const parts = (at < 0 ? hash : hash.slice(0, at)).split('/').filter(Boolean);
	return { name: parts[0] || 'overview', arg: segment(parts[1]), sub: segment(parts[2]), more: segment(parts[3]),
		query: new URLSearchParams(at < 0 ? '' : hash.slice(at + 1)) };
}

// The session says its partner requires two-factor sign-in of this user,
// who has not set it up.
const mustEnrol = (session) => !!(session && session.two_factor && session.two_factor.required &&
	!session.two_factor.enabled);

function go(route) {
	location.hash = '#/' + route;
}

// The page of a route for a signed-in session. enrolNeeded,
// onSessionChanged and onEnrolled are the Security page's (see there).
function Page({ route, session, firstKey, enrolNeeded, onSessionChanged, onEnrolled }) {
	const need = NAV.find(([name]) => name === route.name);
	// the back office's address is for its people only (the API refuses
	// the others every ops route: this says so at once)
	if (OPS && !isOps(session))
		return html`<${PageTitle}>Not available<//>
			<p id="not-available">This is cediramp's back office, for its operators. Your account
				(${session.user.role}) is a partner's: use <a href="/console/">the console</a>.</p>`;
	if (need && !session.permissions[need[2]] && isOps(session) && need[2].startsWith('ops-'))
		return html`<${PageTitle}>Not available<//>
			<p id="not-available">Your role (${session.user.role}) may not open this page of the back office.</p>`;
	if (need && !session.permissions[need[2]] && isOps(session))
		return html`<${PageTitle}>Not available<//>
			<p id="not-available">This page is a partner's: the back office has
				${' '}<a href="#/partners">Partners</a> and <a href="#/security">Security</a>.</p>`;
	if (need && !session.permissions[need[2]] && !session.partner)
		return html`<${PageTitle}>Not available<//>
			<p id="not-available">This page is a partner's: a wallet developer's console has
				${' '}<a href="#/wallet/webhooks">Wallet webhooks</a>, <a href="#/wallet-jwt">Wallet sign-in
				(JWT)</a> and <a href="#/security">Security</a>.</p>`;
	if (need && !session.permissions[need[2]])
		return html`<${PageTitle}>Not available<//>
			<p id="not-available">Your role (${session.user.role}) may not open this page. Ask an owner of your
				account.</p>`;
	if (need && need[3] && envOf(session) !== need[3])
		return html`<${PageTitle}>Not available<//>
			<p>This page is for the ${need[3]} only.</p>`;
	switch (route.name) {
	case 'overview':
		return html`<${Overview} session=${session} firstKey=${firstKey} />`;
	case 'withdrawals':
		return route.arg
			? html`<${WithdrawalDetail} id=${route.arg} session=${session} />`
			: html`<${MoneyList} key="withdrawals" which="withdrawals" session=${session} />`;
	case 'payment-intents':
		// keyed: the two lists keep no filter of each other's
		return route.arg
			? html`<${IntentDetail} key=${route.arg} id=${route.arg} session=${session} />`
			: html`<${MoneyList} key="intents" which="intents" session=${session} />`;
	case 'keys':
		return html`<${Keys} />`;
	case 'webhooks':
		return route.arg === 'deliveries' && route.sub
			? html`<${WebhookEvent} key=${'partner ' + route.sub} id=${route.sub} />`
			: html`<${Webhooks} key="partner" />`;
	case 'wallet':
		// #/wallet and #/wallet/webhooks: the page; .../deliveries/<event_id>: an event's
		if (route.arg === 'webhooks' && route.sub === 'deliveries' && route.more)
			return html`<${WebhookEvent} key=${'wallet ' + route.more} k=${WALLET_HOOKS} id=${route.more} />`;
		if (!route.arg || (route.arg === 'webhooks' && !route.sub))
			return html`<${Webhooks} key="wallet" k=${WALLET_HOOKS} />`;
		return html`<${PageTitle}>Page not found<//><p><a href="#/wallet/webhooks">Go to Wallet webhooks</a>.</p>`;
	case 'wallet-jwt':
		return html`<${WalletJwt} />`;
	case 'partners':
		return route.arg
			? html`<${Partner} key=${route.arg} id=${route.arg} session=${session} />`
			: html`<${Partners} session=${session} />`;
	case 'payouts':
		return route.arg
			? html`<${PayoutPage} key=${route.arg} id=${route.arg} session=${session} />`
			: html`<${Payouts} />`;
	case 'kyc':
		return route.arg
			? html`<${KycSubmission} key=${route.arg} id=${route.arg} session=${session} />`
			: html`<${KycQueue} />`;
	case 'rates':
		return html`<${Rates} session=${session} />`;
	case 'chain':
		return html`<${Chain} />`;
	case 'float':
		return html`<${Floats} session=${session} />`;
	case 'reconcile':
		return html`<${Reconcile} session=${session} />`;
	case 'security':
		return html`<${Security} session=${session} enrolNeeded=${enrolNeeded}
			onChanged=${onSessionChanged} onEnrolled=${onEnrolled} />`;
	case 'team':
		return html`<${Members} session=${session} />`;
	case 'mail':
		return html`<${SandboxMail} />`;
	case 'audit':
		return html`<${Audit} />`;
	default:
		return html`<${PageTitle}>Page not found<//><p><a href=${'#/' + home(session)}>Go to the start</a>.</p>`;
	}
}

// The page of a route without a session: a mailed link's (its token in
// the hash's query; keyed by it, so another link starts afresh), the
// sign-up, the reset request, else the sign-in. session: the one held
// (a link opened while signed in), or null; onSession(session, first key)
// once one is open; onPasswordSet() after a reset, which ended every
// session of that person (this one too, maybe).
function PublicPage({ route, session, onSession, onPasswordSet }) {
	const token = route.query.get('token') || '';
	switch (route.name) {
	case 'accept':
		return html`<${Accept} key=${token} token=${token} signedInAs=${session && session.user.email}
			onSession=${onSession} />`;
	case 'reset':
		return html`<${Reset} key=${token} token=${token} onDone=${onPasswordSet} />`;
	case 'unlock':
		return html`<${Unlock} key=${token} token=${token} />`;
	case 'forgot':
		return html`<${Forgot} />`;
	case 'signup':
		return html`<${SignUp} onSession=${onSession} />`;
	default:
		return html`<${SignIn} onSession=${onSession} />`;
	}
}

// Skips the header and navigation (a link that moves the focus: the hash
// belongs to the router).
function SkipLink() {
	function skip(e) {
		e.preventDefault();
		document.getElementById('main').focus();
	}
	return html`<a class="skip" href="#main" onClick=${skip}>Skip to the content</a>`;
}

function SignedInHeader({ session, route, onSignOut }) {
	const { user, partner } = session;
	return html`<${SkipLink} />
		<header class="top">
			<p class="brand"><a href=${'#/' + home(session)}>${OPS ? 'cediramp back office' : 'cediramp console'}</a></p>
			<p class="who">
				${partner
					? html`<span class="partner">${partner.name}</span> <${Status} value=${partner.environment} />`
					: isOps(session)
						? html`<span class="partner" id="platform-role">Back office: ${user.role}</span>`
						: html`<span class="partner" id="platform-role">Wallet developer</span>`}
				<span class="email" id="user-email">${user.email}</span>
			</p>
			<div class="session-actions">
				<button type="button" id="sign-out" onClick=${() => onSignOut('/console/api/session')}>
					Sign out</button>
				<button type="button" id="sign-out-everywhere"
					onClick=${() => onSignOut('/console/api/sessions')}>Sign out everywhere</button>
			</div>
		</header>
		<nav class="main-nav" aria-label=${OPS ? 'Back office' : 'Console'}>
			<ul>${navOf(session).map(([name, label, , , to]) => html`<li key=${name}>
				<a href=${'#/' + (to || name)} aria-current=${route.name === name ? 'page' : undefined}>${label}</a>
			</li>`)}</ul>
		</nav>`;
}

function App() {
	// undefined: asking the server; null: signed out
	const [session, setSession] = useState(undefined);
	const [route, setRoute] = useState(parseRoute);
	const [firstKey, setFirstKey] = useState(null);
	const [error, setError] = useState(null);
	// the session ended while in use (a 401): said on the sign-in page
	const [ended, setEnded] = useState(false);
	// the partner requires two-factor sign-in and this user has none yet
	// (a 403 two_factor_enrolment_required, or the session says so): said
	// on the Security page, where the app keeps them
	const [enrolNeeded, setEnrolNeeded] = useState(false);
	const routed = useRef(false);
	const held = useRef(false);

	function signedIn(data) {
		setCsrfToken(data.csrf_token);
		held.current = true;
		setSession(data);
		setEnded(false);
		setEnrolNeeded(mustEnrol(data));
	}
	function signedOut() {
		setCsrfToken('');
		held.current = false;
		setSession(null);
		setFirstKey(null);
		setEnrolNeeded(false);
	}
	// the session again (after a route change: it may have ended, or its
	// role changed); a 401 signs the page out through whenSignedOut
	function refresh() {
		call('GET', '/console/api/session').then((r) => signedIn(r.data), (e) => {
			if (e.code !== 'unauthorized')
				setError(e);
		});
	}

	useEffect(() => {
		whenSignedOut(() => {
			if (held.current)
				setEnded(true);
			signedOut();
		});
		whenEnrolmentRequired(() => {
			setEnrolNeeded(true);
			if (parseRoute().name !== 'security')
				go('security');
		});
		call('GET', '/console/api/session').then((r) => signedIn(r.data), (e) => {
			if (e.code !== 'unauthorized')
				setError(e);
			signedOut();
		});
		const onHash = () => {
			setError(null);
			setRoute(parseRoute());
		};
		window.addEventListener('hashchange', onHash);
		return () => window.removeEventListener('hashchange', onHash);
	}, []);

	// on every route change but the first: check the session, leave the
	// first key's secret behind, and move the focus to the new page's title
	// (as the new page is drawn, before anyone types into it: a later
	// effect would take the focus from a field being typed into)
	useLayoutEffect(() => {
		if (!routed.current) {
			routed.current = true;
			return;
		}
		if (route.name !== 'overview')
			setFirstKey(null);
		if (!PUBLIC.has(route.name) && !LINKS.has(route.name))
			refresh();
		const h1 = document.getElementById('page-title');
		if (h1)
			h1.focus();
	}, [route.name, route.arg, route.sub, route.more]);

	// a signed-in session has nothing to do on the sign-in pages; one that
	// must set up two-factor sign-in first, nothing but on the Security
	// page; a wallet developer's start (no route, or the overview, which is
	// a partner's) is Wallet webhooks
	useEffect(() => {
		if (session && PUBLIC.has(route.name))
			location.replace(mustEnrol(session) ? '#/security' : '#/' + home(session));
		else if (session && route.name === 'overview' && home(session) !== 'overview' && !enrolNeeded)
			location.replace('#/' + home(session));
		else if (enrolNeeded && route.name !== 'security' && !LINKS.has(route.name))
			location.replace('#/security');
	}, [session, route.name, enrolNeeded]);

	function onSession(data, key) {
		signedIn(data);
		setFirstKey(key);
		setError(null);
		if (PUBLIC.has(route.name) || LINKS.has(route.name))
			go(mustEnrol(data) ? 'security' : home(data));
	}

	async function onSignOut(path) {
		try {
			await call('DELETE', path);
		} catch (e) {
			if (!(e instanceof ApiError) || e.code !== 'unauthorized') {
				setError(e);
				return;
			}
		}
		signedOut();
		go('signin');
	}

	if (session === undefined)
		return html`<main id="main" tabindex="-1"><${Loading} loading=${true} /></main>`;
	// a mailed link's page, signed in or not: the link's token is all it needs
	if (session === null || LINKS.has(route.name))
		return html`<header class="top"><p class="brand">${OPS ? 'cediramp back office' : 'cediramp console'}</p></header>
			<main id="main" tabindex="-1">
				<${ErrorNote} error=${error} />
				${ended && !LINKS.has(route.name) && html`<${StatusNote}>Your session has ended: sign in again.<//>`}
				<${PublicPage} route=${route} session=${session} onSession=${onSession}
					onPasswordSet=${() => held.current && refresh()} />
			</main>`;
	return html`<${SignedInHeader} session=${session} route=${route} onSignOut=${onSignOut} />
		<main id="main" tabindex="-1">
			<${ErrorNote} error=${error} />
			<${Page} route=${route} session=${session} firstKey=${firstKey} enrolNeeded=${enrolNeeded}
				onSessionChanged=${refresh} onEnrolled=${() => setEnrolNeeded(false)} />
		</main>`;
}

render(html`<${App} />`, document.getElementById('app'));
