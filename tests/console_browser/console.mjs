// The console's pages in a real browser (docs/console.md, "The pages"):
// Debian's headless Chromium, driven by npm's puppeteer-core, uses
// /console/ of the running stack (BASE_URL, a loopback URL) as a person
// would: typing into labelled fields, pressing buttons, following links
// (npm's otplib makes the two-factor code an authenticator app would).
// Every page may ask for nothing but BASE_URL's origin (any other URL but
// data: and blob:, which are no network, is refused and fails its check),
// must throw nothing and must log no console error but one kind:
// Chromium's line for an API answer of 4xx (`Failed to load resource ...
// status of 401`), which the pages expect and handle (the session asked
// for before signing in, a viewer's 403, an unknown id's 404).
//
// Environment: BASE_URL, CONSOLE_SCREENSHOTS (a directory: one PNG per
// page), ADMIN (the command prefix of cediramp-admin for this stack),
// CHROMIUM (default /usr/bin/chromium). Prints ok/FAIL lines and `passed
// N of M`; exit 1 on a failure. Run by t_console_pages.c through
// CONSOLE_BROWSER. Every wait is bounded (WAIT); nothing sleeps.
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { authenticator } from 'otplib';
import puppeteer from 'puppeteer-core';
import { check, env, expect, finish, onLoopback } from '../providers/checks.mjs';

const WHO = 'console.mjs';
const origin = onLoopback(WHO, 'BASE_URL', env(WHO, 'BASE_URL')).origin;
const shots = env(WHO, 'CONSOLE_SCREENSHOTS');
const admin = env(WHO, 'ADMIN');
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const consoleUrl = `${origin}/console/`;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
mkdirSync(shots, { recursive: true });

const WAIT = 15000; // the bound of every wait, in ms
const PASSWORD = 'correct horse battery staple';
const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
let serial = 0;
const unique = (what) => `${what}-${tag}-${++serial}`;
const emailOf = (what) => `${unique(what)}@example.test`;

const browser = await puppeteer.launch({
	executablePath: chromium,
	headless: true,
	// root in a container: no setuid sandbox
	args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions'],
});

// ---- pages that record what went wrong in them ----

// A new tab in context (a browser context: its own cookies), its requests
// kept to the stack's origin; .errors and .outside collect what fails it.
async function openTab(context) {
	const page = await context.newPage();
	const tab = { page, context, errors: [], outside: [] };
	page.setDefaultTimeout(WAIT);
	page.setDefaultNavigationTimeout(WAIT);
	await page.setViewport({ width: 1280, height: 900 });
	page.on('console', (m) => {
		if (m.type() !== 'error')
			return;
		const at = m.location() && m.location().url;
		// an API answer the page handles (see the top)
		if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()) &&
		    at && at.startsWith(`${origin}/console/api/`))
			return;
		tab.errors.push(`${m.text()} (${at})`);
	});
	page.on('pageerror', (e) => tab.errors.push(String(e)));
	await page.setRequestInterception(true);
	page.on('request', (req) => {
		let o = null;
		try {
			o = new URL(req.url()).origin;
		} catch {
			o = null;
		}
		// data: and blob: are no network (the date field's icon is one)
		if (o === origin || /^(data|blob):/.test(req.url()))
			return req.continue();
		tab.outside.push(req.url());
		return req.abort();
	});
	return tab;
}

// A tab in a context of its own (no cookie shared with any other).
async function freshTab() {
	return openTab(await browser.createBrowserContext());
}

// Fails unless no tab logged an error, threw or asked another origin.
function expectClean(...tabs) {
	for (const t of tabs) {
		expect(t.errors.length === 0, `page errors: ${t.errors.join(' | ')}`);
		expect(t.outside.length === 0, `asked another origin: ${t.outside.join(', ')}`);
	}
}

// ---- finding things as a person would: by label, by text ----

// The input labelled label (its <label>'s text) as a selector.
async function field(page, label) {
	const id = await page.waitForFunction((text) => {
		const l = [...document.querySelectorAll('label')].find((e) => e.textContent.trim() === text);
		return l && document.getElementById(l.htmlFor) ? l.htmlFor : false;
	}, { timeout: WAIT }, label);
	return `#${await id.jsonValue()}`;
}

async function typeInto(page, label, text) {
	await page.type(await field(page, label), text);
}

// Clicks the button whose text is exactly text.
async function press(page, text) {
	const b = await page.waitForFunction((want) => [...document.querySelectorAll('button')]
		.find((e) => e.textContent.trim() === want && !e.disabled), { timeout: WAIT }, text);
	await b.asElement().click();
}

// Clicks the link whose text is exactly text.
async function follow(page, text) {
	const a = await page.waitForFunction((want) => [...document.querySelectorAll('a')]
		.find((e) => e.textContent.trim() === want), { timeout: WAIT }, text);
	await a.asElement().click();
}

// Waits for a page whose h1 starts with title and that has finished
// loading (no "Loading…" left).
async function waitPage(page, title) {
	await page.waitForFunction((t) => {
		const h = document.querySelector('h1');
		return h && h.textContent.startsWith(t) && !document.querySelector('.loading');
	}, { timeout: WAIT }, title);
}

// The session as the page's own fetch sees it (null when signed out).
async function sessionOf(page) {
	return page.evaluate(async () => {
		const r = await fetch('/console/api/session', { credentials: 'same-origin' });
		return r.ok ? (await r.json()).data : null;
	});
}

async function shot(page, name) {
	await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

// axe-core on page as it stands: {passes, serious, minor} (the rules it
// passed, and its findings of impact serious or critical, and the others,
// as "name: rule (impact) at targets"). axe is evaluated as the page's
// script through the debugger (page.evaluate), which the CSP does not
// govern: the CSP stays on.
async function axeRun(page, name) {
	if (!(await page.evaluate(() => typeof window.axe !== 'undefined')))
		await page.evaluate(axeSource);
	const r = await page.evaluate(async () => {
		const res = await window.axe.run(document);
		return { passes: res.passes.length, violations: res.violations.map((x) => ({ id: x.id,
			impact: x.impact, targets: x.nodes.slice(0, 3).map((n) => n.target.join(' ')) })) };
	});
	const out = { passes: r.passes, serious: [], minor: [] };
	for (const x of r.violations)
		(x.impact === 'serious' || x.impact === 'critical' ? out.serious : out.minor)
			.push(`${name}: ${x.id} (${x.impact}) at ${x.targets.join(', ')}`);
	return out;
}

// Signs up through the form; lands on the overview.
async function signUp(tab, company, email) {
	const { page } = tab;
	await page.goto(`${consoleUrl}#/signup`);
	await waitPage(page, 'Create a sandbox account');
	await typeInto(page, 'Company', company);
	await typeInto(page, 'Email', email);
	await typeInto(page, 'Password', PASSWORD);
	await press(page, 'Create the account');
	await waitPage(page, 'Overview');
}

// Fills in the sign-in form and presses its button (mouse and keyboard as
// page.type uses them).
async function submitSignIn(tab, email) {
	const { page } = tab;
	await page.goto(consoleUrl);
	await waitPage(page, 'Sign in');
	await typeInto(page, 'Email', email);
	await typeInto(page, 'Password', PASSWORD);
	await press(page, 'Sign in');
}

// Signs in through the form; lands on the overview.
async function signIn(tab, email) {
	await submitSignIn(tab, email);
	await waitPage(tab.page, 'Overview');
}

// A console API call from inside the page, as the pages make it (the
// session's cookie, its CSRF token, the browser's Origin): {status, body}.
async function pageCall(page, method, path, body) {
	return page.evaluate(async (m, p, b) => {
		const s = await (await fetch('/console/api/session', { credentials: 'same-origin' })).json();
		const init = { method: m, credentials: 'same-origin', headers: { 'X-CSRF-Token': s.data.csrf_token } };
		if (b !== null) {
			init.headers['Content-Type'] = 'application/json';
			init.body = JSON.stringify(b);
		}
		const r = await fetch(p, init);
		return { status: r.status, body: r.status === 204 ? null : await r.json() };
	}, method, path, body ?? null);
}

// The partner API from node, with a secret key.
async function partnerApi(key, method, path, body) {
	const init = { method, headers: { Authorization: `Bearer ${key}` } };
	if (body !== undefined) {
		init.headers['Content-Type'] = 'application/json';
		init.body = JSON.stringify(body);
	}
	const r = await fetch(`${origin}${path}`, init);
	let json = null;
	try {
		json = await r.json();
	} catch {
		json = null;
	}
	return { status: r.status, json };
}

const ownerEmail = emailOf('owner');
let owner = null; // {tab, secret} once signed up
let withdrawalId = null;

try {
	await check('sign up through the form: the overview, the first secret key once, the session cookie', async () => {
		const tab = await freshTab();
		await signUp(tab, `Pages Test ${tag}`, ownerEmail);
		const { page } = tab;
		const secret = await page.$eval('#new-secret', (e) => e.textContent);
		expect(/^sk_test_[A-Za-z0-9]+$/.test(secret), `secret key shown: ${secret}`);
		expect((await page.$eval('#partner-name', (e) => e.textContent)) === `Pages Test ${tag}`,
			'the partner name on the overview');
		await shot(page, 'overview-signed-up');
		// once: gone after leaving the overview
		await follow(page, 'Withdrawals');
		await waitPage(page, 'Withdrawals');
		await follow(page, 'Overview');
		await waitPage(page, 'Overview');
		expect((await page.$('#new-secret')) === null, 'the secret key is shown again');
		const cookies = await tab.context.cookies();
		const c = cookies.find((k) => k.name === '__Host-cediramp_session');
		expect(c, `no session cookie among ${cookies.map((k) => k.name).join(', ')}`);
		expect(c.httpOnly === true, 'cookie not HttpOnly');
		expect(c.secure === true, 'cookie not Secure');
		expect(c.sameSite === 'Strict', `cookie SameSite ${c.sameSite}`);
		expect(c.path === '/', `cookie path ${c.path}`);
		expectClean(tab);
		owner = { tab, secret };
	});

	await check('keyboard only: Tab to each field, type, Enter signs in (focus visible)', async () => {
		expect(owner, 'no owner: the sign-up check failed');
		const tab = await freshTab();
		const { page } = tab;
		await page.goto(consoleUrl);
		await waitPage(page, 'Sign in');
		await shot(page, 'signin');
		// Tab (at most 10 times) until the field labelled label has the focus
		async function tabTo(label) {
			const sel = await field(page, label);
			for (let i = 0; i < 10; i++) {
				await page.keyboard.press('Tab');
				if (await page.$eval(sel, (e) => e === document.activeElement))
					return sel;
			}
			throw new Error(`Tab never reached ${label}`);
		}
		const email = await tabTo('Email');
		const ring = await page.$eval(email, (e) => getComputedStyle(e).outlineStyle + ' ' +
			getComputedStyle(e).outlineWidth);
		expect(!ring.startsWith('none') && !ring.endsWith(' 0px'), `no visible focus: outline ${ring}`);
		await page.keyboard.type(ownerEmail);
		await tabTo('Password');
		await page.keyboard.type(PASSWORD);
		await page.keyboard.press('Enter');
		await waitPage(page, 'Overview');
		expect((await page.$eval('#user-email', (e) => e.textContent)) === ownerEmail, 'signed in as another');
		expectClean(tab);
		await tab.context.close();
	});

	await check('keys: create a key pair on the page, use it on the partner API; a withdrawal shown and cancelled; an API error shown', async () => {
		expect(owner, 'no owner: the sign-up check failed');
		const { page } = owner.tab;
		await follow(page, 'API keys');
		await waitPage(page, 'API keys');
		await press(page, 'Create a key pair');
		const which = await page.waitForSelector('#new-secret, #reauth-password');
		if (await which.evaluate((e) => e.id === 'reauth-password')) {
			await typeInto(page, 'Password', PASSWORD);
			await press(page, 'Confirm');
			await page.waitForSelector('#new-secret');
		}
		const secret = await page.$eval('#new-secret', (e) => e.textContent);
		expect(/^sk_test_/.test(secret) && secret !== owner.secret, `a new secret key: ${secret}`);
		await shot(page, 'keys-created');
		const limits = await partnerApi(secret, 'GET', '/v1/limits');
		expect(limits.status === 200, `GET /v1/limits with the new key: ${limits.status}`);

		const reference = unique('pages-wd');
		const made = await partnerApi(secret, 'POST', '/v1/withdrawals', { amount: '10.00', currency: 'USDT',
			recipient_phone: '+233241234567', mobile_network: 'MTN', reference_id: reference });
		expect(made.status === 201, `POST /v1/withdrawals: ${made.status} ${JSON.stringify(made.json)}`);
		withdrawalId = made.json.data.withdrawal_id;

		await follow(page, 'Withdrawals');
		await waitPage(page, 'Withdrawals');
		await follow(page, reference);
		await waitPage(page, `Withdrawal ${reference}`);
		await shot(page, 'withdrawal-pending');
		await press(page, 'Cancel');
		await press(page, 'Yes, cancel it');
		await page.waitForFunction(() => {
			const s = document.getElementById('withdrawal-status');
			return s && s.textContent === 'cancelled';
		}, { timeout: WAIT });
		const got = await partnerApi(secret, 'GET', `/v1/withdrawals/${withdrawalId}`);
		expect(got.status === 200 && got.json.data.status === 'cancelled',
			`GET /v1/withdrawals/${withdrawalId}: ${got.status} ${got.json && got.json.data && got.json.data.status}`);
		// an error answer is shown as the server worded it
		await page.evaluate(() => { location.hash = '#/withdrawals/wd_nosuchwithdrawal'; });
		const alert = await page.waitForSelector('main [role="alert"]');
		const said = await alert.evaluate((e) => e.textContent);
		const want = (await pageCall(page, 'GET', '/console/api/withdrawals/wd_nosuchwithdrawal')).body.error.message;
		expect(said === want, `an unknown withdrawal: the page says "${said}", the API "${want}"`);
		expectClean(owner.tab);
		owner.key = secret;
	});

	await check('payment intents: listed, cancelled from the list after a confirm step', async () => {
		expect(owner && owner.key, 'no key: the keys check failed');
		const { page } = owner.tab;
		const reference = unique('pages-pi');
		const made = await partnerApi(owner.key, 'POST', '/v1/payment-intents', { amount: '50.00',
			currency: 'GHS', payer_phone: '+233241234567', mobile_network: 'MTN', reference_id: reference });
		expect(made.status === 201, `POST /v1/payment-intents: ${made.status} ${JSON.stringify(made.json)}`);
		const id = made.json.data.payment_intent_id;
		await follow(page, 'Payment intents');
		await waitPage(page, 'Payment intents');
		const cancel = await page.waitForSelector(`::-p-aria([name="Cancel ${reference}"][role="button"])`);
		await cancel.click();
		await press(page, 'Yes, cancel it');
		await page.waitForFunction((want) => [...document.querySelectorAll('[role="status"]')]
			.some((e) => e.textContent === want), { timeout: WAIT }, `${id} is cancelled.`);
		const got = await partnerApi(owner.key, 'GET', `/v1/payment-intents/${id}`);
		expect(got.status === 200 && got.json.data.status === 'cancelled', `the intent is ${got.json?.data?.status}`);
		expectClean(owner.tab);
	});

	await check('markup in a company name is shown as text, never run', async () => {
		const company = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
		const tab = await freshTab();
		await signUp(tab, company, emailOf('markup'));
		const { page } = tab;
		expect((await page.$eval('#partner-name', (e) => e.textContent)) === company, 'the name on the overview');
		expect((await page.$eval('.who .partner', (e) => e.textContent)) === company, 'the name in the header');
		expect(await page.$eval('main', (e, c) => e.textContent.includes(c), company), 'the text in main');
		const ran = await page.evaluate(() => ({
			xss: typeof window.__xss,
			scripts: document.querySelectorAll('script').length,
			imgs: document.querySelectorAll('img').length,
		}));
		expect(ran.xss === 'undefined', 'window.__xss is set');
		expect(ran.scripts === 1 && ran.imgs === 0, `${ran.scripts} script and ${ran.imgs} img elements`);
		await shot(page, 'overview-markup');
		expectClean(tab);
		await tab.context.close();
	});

	await check('a viewer sees no keys link, and the API refuses the viewer a key (403 forbidden)', async () => {
		expect(owner, 'no owner: the sign-up check failed');
		const partner = (await sessionOf(owner.tab.page)).partner.id;
		const email = emailOf('viewer');
		const out = execSync(`${admin} console user add --partner ${partner} --email ${email} --role viewer`,
			{ input: `${PASSWORD}\n`, encoding: 'utf8', timeout: WAIT, stdio: ['pipe', 'pipe', 'pipe'] });
		expect(out.startsWith('cu_'), `console user add: ${out}`);
		const tab = await freshTab();
		await signIn(tab, email);
		const { page } = tab;
		expect((await page.$eval('#user-role', (e) => e.textContent)) === 'viewer', 'not signed in as the viewer');
		expect((await page.$('a[href="#/keys"]')) === null, 'a keys link is shown to a viewer');
		expect((await page.$('a[href="#/team"]')) === null, 'a team link is shown to a viewer');
		const answer = await pageCall(page, 'POST', '/console/api/keys', {});
		expect(answer.status === 403 && answer.body.error.code === 'forbidden',
			`POST /console/api/keys as a viewer: ${answer.status} ${JSON.stringify(answer.body)}`);
		// the page itself says so rather than failing
		await page.goto(`${consoleUrl}#/keys`);
		await waitPage(page, 'Not available');
		await shot(page, 'viewer-keys');
		expectClean(tab);
		await tab.context.close();
	});

	await check('two-factor: the sign-in form asks for the code; a recovery code signs in', async () => {
		const email = emailOf('twofactor');
		const first = await freshTab();
		await signUp(first, `Two-factor ${tag}`, email);
		// enrolment through the API (the pages have none yet), the first
		// code from a third party's TOTP as an authenticator app makes it
		const begun = await pageCall(first.page, 'POST', '/console/api/2fa', {});
		expect(begun.status === 201, `POST /console/api/2fa: ${begun.status} ${JSON.stringify(begun.body)}`);
		const on = await pageCall(first.page, 'POST', '/console/api/2fa/confirm',
			{ code: authenticator.generate(begun.body.data.secret) });
		expect(on.status === 200, `POST /console/api/2fa/confirm: ${on.status} ${JSON.stringify(on.body)}`);
		const tab = await freshTab();
		const { page } = tab;
		await submitSignIn(tab, email);
		const code = await field(page, 'Two-factor code');
		expect(await page.$eval(code, (e) => e === document.activeElement), 'the code field has no focus');
		await shot(page, 'signin-code');
		const a11y = await axeRun(page, 'signin-code');
		expect(a11y.passes > 0 && a11y.serious.length === 0, `axe: ${a11y.serious.join(' | ')}`);
		await page.type(code, on.body.data.recovery_codes[0]);
		await press(page, 'Sign in');
		await waitPage(page, 'Overview');
		expectClean(first, tab);
		await first.context.close();
		await tab.context.close();
	});

	await check('framing refused: CSP frame-ancestors \'none\' and X-Frame-Options DENY, and a frame stays empty', async () => {
		const tab = await freshTab();
		const { page } = tab;
		const res = await page.goto(consoleUrl);
		const h = res.headers();
		expect(res.status() === 200, `status ${res.status()}`);
		expect((h['content-security-policy'] || '').includes("frame-ancestors 'none'"),
			`CSP: ${h['content-security-policy']}`);
		expect(/script-src 'self'(;|$)/.test(h['content-security-policy']) &&
			!h['content-security-policy'].includes('unsafe'), 'script-src is not just \'self\'');
		expect(h['x-frame-options'] === 'DENY', `X-Frame-Options: ${h['x-frame-options']}`);
		expect(h['x-content-type-options'] === 'nosniff', `X-Content-Type-Options: ${h['x-content-type-options']}`);
		expect((h['content-type'] || '').startsWith('text/html'), `Content-Type: ${h['content-type']}`);
		for (const [path, type] of [['app.js', 'text/javascript'], ['app.css', 'text/css']]) {
			const r = await fetch(`${consoleUrl}${path}`);
			expect(r.status === 200 && (r.headers.get('content-type') || '').startsWith(type),
				`${path}: ${r.status} ${r.headers.get('content-type')}`);
			expect((r.headers.get('content-security-policy') || '').includes("frame-ancestors 'none'"),
				`${path} has no CSP`);
		}
		// a page of the same origin that may frame anything (the HTML
		// reference) frames the console: the browser refuses to render it
		// (and logs the refusal as an error: expected here)
		await page.goto(`${origin}/docs/`);
		await page.evaluate((bound) => new Promise((done) => {
			const f = document.createElement('iframe');
			f.addEventListener('load', () => done(), { once: true });
			setTimeout(done, bound);
			f.src = '/console/';
			document.body.appendChild(f);
		}), WAIT);
		const framed = await page.evaluate(() => {
			try {
				const d = document.querySelector('iframe').contentDocument;
				return d && d.getElementById('app') ? 'rendered' : 'blocked';
			} catch {
				return 'blocked';
			}
		});
		expect(framed === 'blocked', 'the console rendered in a frame');
		const refusal = /frame-ancestors 'none'|X-Frame-Options/;
		expect(tab.errors.some((e) => refusal.test(e)), 'the browser logged no refusal to frame');
		tab.errors = tab.errors.filter((e) => !refusal.test(e));
		expectClean(tab);
		await tab.context.close();
	});

	await check('first load: index.html + app.js + app.css at most 300 KB gzip; no inline script or style', async () => {
		let gz = 0;
		const text = {};
		for (const path of ['', 'app.js', 'app.css']) {
			const r = await fetch(`${consoleUrl}${path}`);
			expect(r.status === 200, `${consoleUrl}${path}: ${r.status}`);
			const body = Buffer.from(await r.arrayBuffer());
			text[path] = body.toString('utf8');
			gz += gzipSync(body, { level: 9 }).length;
		}
		console.log(`# first load: ${gz} bytes gzip`);
		expect(gz <= 300 * 1024, `${gz} bytes gzip`);
		const html = text[''];
		const scripts = html.match(/<script\b[^>]*>/g) || [];
		expect(scripts.length === 1 && /src="\/console\/app\.js"/.test(scripts[0]), `script tags: ${scripts}`);
		expect(/<script\b[^>]*><\/script>/.test(html), 'a script tag with content');
		expect(!/<style\b|\sstyle=|\son[a-z]+=/i.test(html), 'inline style or handler in index.html');
		// and in the browser: what a first load asks for, all of it here
		const tab = await freshTab();
		const asked = [];
		tab.page.on('request', (req) => asked.push(req.url()));
		await tab.page.goto(consoleUrl, { waitUntil: 'networkidle0' });
		await waitPage(tab.page, 'Sign in');
		expect(asked.every((u) => u.startsWith(origin)), `asked ${asked.join(', ')}`);
		expectClean(tab);
		await tab.context.close();
	});

	// every page of the console: [name, route, h1]
	const PAGES = [
		['overview', '#/overview', 'Overview'],
		['withdrawals', '#/withdrawals', 'Withdrawals'],
		['withdrawal', () => `#/withdrawals/${withdrawalId}`, 'Withdrawal '],
		['payment-intents', '#/payment-intents', 'Payment intents'],
		['keys', '#/keys', 'API keys'],
		['team', '#/team', 'Team'],
		['audit', '#/audit', 'Audit log'],
	];
	const signedOut = [['signin', '#/signin', 'Sign in'], ['signup', '#/signup', 'Create a sandbox account']];

	// Opens each page of pages in tab, then fn(name).
	async function eachPage(tab, pages, fn) {
		for (const [name, route, title] of pages) {
			await tab.page.goto(consoleUrl + (typeof route === 'function' ? route() : route));
			await waitPage(tab.page, title);
			await fn(name);
		}
	}

	await check('accessibility: axe-core finds nothing serious or critical on any page', async () => {
		expect(owner && withdrawalId, 'no owner or withdrawal: an earlier check failed');
		const found = [], minor = [];
		let passes = 0;
		async function axe(tab, name) {
			const r = await axeRun(tab.page, name);
			passes += r.passes;
			found.push(...r.serious);
			minor.push(...r.minor);
		}
		const out = await freshTab();
		await eachPage(out, signedOut, (name) => axe(out, name));
		await eachPage(owner.tab, PAGES, (name) => axe(owner.tab, name));
		if (minor.length)
			console.log(`# axe, moderate or minor: ${minor.join(' | ')}`);
		expect(passes > 0, 'axe passed no rule: it did not run');
		expect(found.length === 0, found.join(' | '));
		expectClean(out, owner.tab);
		await out.context.close();
	});

	await check('screenshots: one of each page', async () => {
		expect(owner && withdrawalId, 'no owner or withdrawal: an earlier check failed');
		const out = await freshTab();
		await eachPage(out, signedOut, (name) => shot(out.page, name));
		await eachPage(owner.tab, PAGES, (name) => shot(owner.tab.page, name));
		expectClean(out, owner.tab);
		await out.context.close();
	});

	await check('sign out everywhere: the other browser is signed out too', async () => {
		expect(owner, 'no owner: the sign-up check failed');
		const a = await freshTab(), b = await freshTab();
		await signIn(a, ownerEmail);
		await signIn(b, ownerEmail);
		await a.page.click('#sign-out-everywhere');
		await waitPage(a.page, 'Sign in');
		await b.page.evaluate(() => { location.hash = '#/keys'; });
		await waitPage(b.page, 'Sign in');
		expect(await b.page.$eval('main', (m) => m.textContent.includes('Your session has ended')),
			'the other browser does not say its session ended');
		await b.page.reload();
		await waitPage(b.page, 'Sign in');
		expect((await sessionOf(b.page)) === null, 'the other session still answers');
		// the first browser (signed up there) too
		expect((await sessionOf(owner.tab.page)) === null, 'the sign-up session still answers');
		expectClean(a, b);
		await a.context.close();
		await b.context.close();
	});
} finally {
	await browser.close();
}
finish();
