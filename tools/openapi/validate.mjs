// Every response the integration suite received, checked against the
// OpenAPI specs (issue 23). The suite records each answer as a JSON line
// (tests/integration/it_record.c: test, method, path, status, headers,
// body); this reads those recordings after the run and checks each with
// contract.mjs. Paths outside both APIs (/sim/, /docs/) are not the
// specs' and are counted as such. Any undocumented answer exits 1.
//
// usage: validate.mjs [--spec FILE]... [--quiet] RECORDING...
//   (default specs: openapi/wallet.yaml openapi/partner.yaml openapi/console.yaml)
import { readFileSync } from 'node:fs';
import { apiOf, checkAnswer, loadApi, operations } from './contract.mjs';

const args = process.argv.slice(2);
const specFiles = [], logs = [];
let quiet = false;
for (let i = 0; i < args.length; i++) {
	if (args[i] === '--spec') specFiles.push(args[++i]);
	else if (args[i] === '--quiet') quiet = true;
	else logs.push(args[i]);
}
if (specFiles.length === 0)
	specFiles.push('openapi/wallet.yaml', 'openapi/partner.yaml', 'openapi/console.yaml');
if (logs.length === 0) {
	console.error('usage: validate.mjs [--spec FILE]... RECORDING...');
	process.exit(2);
}

const apis = specFiles.map(loadApi);
const failures = [];
let checked = 0, outside = 0;
const outsidePrefixes = new Map();

function check(rec) {
	const api = apiOf(apis, rec.path);
	if (!api) {
		outside++;
		const p = `/${rec.path.split("?")[0].split("/")[1]}`;
		outsidePrefixes.set(p, (outsidePrefixes.get(p) ?? 0) + 1);
		return;
	}
	checked++;
	const { what, bad } = checkAnswer(api, rec);
	if (bad.length) failures.push({ rec, what, bad });
}

for (const log of logs) {
	const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
	for (const line of lines) check(JSON.parse(line));
}

const shown = new Set();
for (const f of failures) {
	// one line per distinct fault, with how many answers had it
	const key = `${f.what} ${f.rec.status} ${f.bad.join('|')}`;
	if (shown.has(key)) continue;
	shown.add(key);
	const n = failures.filter((g) => `${g.what} ${g.rec.status} ${g.bad.join('|')}` === key).length;
	console.log(`UNDOCUMENTED ${f.rec.method} ${f.rec.path} -> ${f.rec.status} (${f.what}; test ${f.rec.suite ?? ''}/${f.rec.test}${n > 1 ? `; and ${n - 1} more like it` : ''})`);
	for (const b of f.bad) console.log(`    ${b}`);
	if (!quiet && f.rec.body) console.log(`    body: ${f.rec.body.slice(0, 300)}`);
}
const ops = [], unseen = [];
for (const a of apis) {
	const all = operations(a);
	ops.push(`${a.file} ${a.seen.size} of ${all.length} operations`);
	unseen.push(...all.filter((op) => !a.seen.has(op)));
}
if (unseen.length) console.log(`never answered: ${unseen.join(', ')}`);
console.log(`openapi: ${checked} responses checked, ${failures.length} undocumented; ` +
    `${ops.join(', ')} answered; ${outside} outside both APIs ` +
    `(${[...outsidePrefixes].map(([p, n]) => `${p} ${n}`).join(', ') || 'none'})`);
process.exit(failures.length ? 1 : 0);
