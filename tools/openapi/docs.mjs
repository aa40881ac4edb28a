// The HTML reference of both APIs, for /docs/ (issue 23): node
// tools/openapi/docs.mjs OUTDIR renders openapi/wallet.yaml and
// openapi/partner.yaml with Redocly's build-docs into OUTDIR/wallet.html
// and OUTDIR/partner.html, each self-contained: build-docs loads Redoc
// from a CDN, so its script tag is replaced by Redoc's own standalone
// bundle from node_modules (the same version), and no Google font is
// asked for. OUTDIR/index.html links both. No page needs the network.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2];
if (!out) {
	console.error('usage: docs.mjs OUTDIR');
	process.exit(2);
}
mkdirSync(out, { recursive: true });
const version = readFileSync('VERSION', 'utf8').trim();
// </script> inside the bundle would end the inline script early
const redoc = readFileSync('node_modules/redoc/bundles/redoc.standalone.js', 'utf8')
	.replace(/<\/script/gi, '<\\/script');
const cdn = /<script src="https:\/\/cdn\.redocly\.com\/redoc\/[^"]*\/redoc\.standalone\.js"><\/script>/;

for (const [api, title] of [['wallet', 'cediramp wallet API'], ['partner', 'cediramp partner API']]) {
	const file = join(out, `${api}.html`);
	execFileSync('node_modules/.bin/redocly', ['build-docs', `openapi/${api}.yaml`,
	    '--disableGoogleFont', '--title', `${title} ${version}`, '-o', file],
	    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env,
	    REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
	// (Redoc's notes on merging allOf go to its output; a failure throws
	// with them)
	const html = readFileSync(file, 'utf8');
	if (!cdn.test(html)) {
		console.error(`docs.mjs: ${file}: Redoc's script tag not found`);
		process.exit(1);
	}
	// a function, so `$` in the bundle is not a replacement pattern
	writeFileSync(file, html.replace(cdn, () => `<script>${redoc}</script>`));
}
writeFileSync(join(out, 'index.html'), `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>cediramp API reference ${version}</title>
<style>body{font-family:sans-serif;max-width:40em;margin:3em auto;line-height:1.5}</style>
</head>
<body>
<h1>cediramp API reference</h1>
<p>Version ${version}.</p>
<ul>
<li><a href="wallet.html">Wallet API</a> (<code>/api</code>, JWT): quotes, conversions, payouts, history, KYC.
    Its OpenAPI document: <a href="/api/openapi.json"><code>/api/openapi.json</code></a>.</li>
<li><a href="partner.html">Partner API</a> (<code>/v1</code>, API key): withdrawals, payment intents, balances, webhooks.
    Its OpenAPI document: <a href="/v1/openapi.json"><code>/v1/openapi.json</code></a>.</li>
</ul>
</body>
</html>
`);
