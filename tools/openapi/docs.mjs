// The HTML reference of both APIs, for /docs/ (issue 23): node
// tools/openapi/docs.mjs OUTDIR writes OUTDIR/wallet.html and
// OUTDIR/partner.html, each a self-contained Redoc page of its spec
// (openapi/*.yaml as JSON, info.version from VERSION), and OUTDIR/index.html
// linking both. Self-contained: Redoc's standalone bundle (npm `redoc`, the
// version Redocly's CLI pins) is inlined, its footer logo (fetched from
// Redoc's CDN otherwise) is an empty inline image, no font is linked and
// the favicon is inline, so a page asks the network for nothing. Rendered
// in the browser by Redoc.init, not server-rendered and hydrated: Redocly's
// build-docs does the latter, which loads Redoc from a CDN and, hydrated by
// the bundled Redoc, logs React's hydration errors (#418) in the console.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const out = process.argv[2];
if (!out) {
	console.error('usage: docs.mjs OUTDIR');
	process.exit(2);
}
mkdirSync(out, { recursive: true });
const version = readFileSync('VERSION', 'utf8').trim();
const NO_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
// </script> inside the bundle or the spec would end the inline script early
const inline = (s) => s.replace(/<\/script/gi, '<\\/script').replace(/\u2028/g, '\\u2028')
	.replace(/\u2029/g, '\\u2029');
const redoc = inline(readFileSync('node_modules/redoc/bundles/redoc.standalone.js', 'utf8'))
	.replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', NO_IMAGE);
if (/https:\/\/cdn\.redoc/.test(redoc)) {
	console.error('docs.mjs: the Redoc bundle names another CDN resource');
	process.exit(1);
}

const head = (title) => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">`;

for (const [api, name] of [['wallet', 'cediramp wallet API'], ['partner', 'cediramp partner API']]) {
	const spec = parse(readFileSync(`openapi/${api}.yaml`, 'utf8'), { maxAliasCount: -1 });
	spec.info.version = version;
	writeFileSync(join(out, `${api}.html`), `${head(`${name} ${version}`)}
<style>body{margin:0;padding:0}</style>
</head>
<body>
<div id="redoc"></div>
<script>${redoc}</script>
<script>
Redoc.init(${inline(JSON.stringify(spec))}, { expandResponses: '200,201' },
    document.getElementById('redoc'));
</script>
</body>
</html>
`);
}
writeFileSync(join(out, 'index.html'), `${head(`cediramp API reference ${version}`)}
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
