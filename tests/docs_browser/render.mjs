// The HTML reference in a real browser (issue 23): Debian's headless
// Chromium, driven by npm's puppeteer-core, opens /docs/wallet.html and
// /docs/partner.html of the running stack (BASE_URL, a loopback URL) and
// checks that each renders its API's whole operation list (as many
// operations as the served spec, /api/openapi.json or /v1/openapi.json,
// has, its webhooks included), that the page logs no console error and throws nothing, and that
// it asks for nothing but the stack itself: any other request is refused
// and fails the check, so the page renders offline. A screenshot of each
// goes to SCREENSHOT_DIR (var/test-logs). Prints ok/FAIL lines; exit 1 on
// a failure. Run by t_openapi.c through DOCS_BROWSER.
import { mkdirSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { check, env, expect, finish, onLoopback } from '../providers/checks.mjs';

const base = env('render.mjs', 'BASE_URL');
const shots = process.env.SCREENSHOT_DIR ?? 'var/test-logs';
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
onLoopback('render.mjs', 'BASE_URL', base);
mkdirSync(shots, { recursive: true });

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
async function operations(specPath) {
	const spec = await (await fetch(`${base}${specPath}`)).json();
	let n = 0;
	// the routes and the webhooks: Redoc renders both as operations
	for (const item of [...Object.values(spec.paths), ...Object.values(spec.webhooks ?? {})])
		for (const m of METHODS)
			if (item[m]) n++;
	return n;
}

const browser = await puppeteer.launch({
	executablePath: chromium,
	headless: true,
	// root in a container: no setuid sandbox
	args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions'],
});
try {
	for (const [api, specPath] of [['wallet', '/api/openapi.json'], ['partner', '/v1/openapi.json']]) {
		await check(`${api}: renders every operation, offline, no console error`, async () => {
			const want = await operations(specPath);
			const page = await browser.newPage();
			const errors = [], outside = [];
			page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
			page.on('pageerror', (e) => errors.push(String(e)));
			await page.setRequestInterception(true);
			page.on('request', (req) => {
				const u = req.url();
				if (u.startsWith(base) || u.startsWith('data:') || u.startsWith('blob:') ||
				    u === 'about:blank')
					return req.continue();
				outside.push(u);
				return req.abort();
			});
			await page.setViewport({ width: 1400, height: 900 });
			const res = await page.goto(`${base}/docs/${api}.html`, { waitUntil: 'networkidle0' });
			expect(res.status() === 200, `status ${res.status()}`);
			// Redoc's menu: one item per operation
			await page.waitForSelector('li[data-item-id^="tag/"], li[data-item-id^="operation/"]',
			    { timeout: 20000 * (Number(process.env.TEST_SLOW) || 1) });
			const seen = await page.$$eval('[data-section-id^="operation/"]', (els) =>
			    new Set(els.map((e) => e.getAttribute('data-section-id'))).size);
			expect(seen === want, `${seen} operations rendered, the spec has ${want}`);
			expect(outside.length === 0, `asked the network for ${outside.join(', ')}`);
			expect(errors.length === 0, `console errors: ${errors.join(' | ')}`);
			await page.screenshot({ path: `${shots}/docs-${api}.png` });
			await page.close();
		});
	}
} finally {
	await browser.close();
}
finish();
