// The routes the programs serve against the paths the specs describe
// (make check, issue 23): every route of fcgi/wallet/*.c must be an
// operation of openapi/wallet.yaml and every route of fcgi/partner/*.c one
// of openapi/partner.yaml, and every operation of a spec a route of its
// program. A route table entry is `{ "METHOD", "/path/:param", ...`; the
// spec writes the parameter `{param}`. Prints each difference; exit 1 on
// any.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function served(dir) {
	const out = new Set();
	for (const f of readdirSync(dir).filter((n) => n.endsWith('.c'))) {
		const text = readFileSync(join(dir, f), 'utf8');
		for (const m of text.matchAll(/\{\s*"([A-Z]+)",\s*"(\/[^"]*)"/g))
			out.add(`${m[1]} ${m[2].replace(/:([A-Za-z_]+)/g, '{$1}')}`);
	}
	return out;
}

function described(file) {
	// the specs share examples by YAML aliases: no cap on them (our own files)
	const spec = parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 });
	const out = new Set();
	for (const [path, item] of Object.entries(spec.paths ?? {}))
		for (const m of METHODS)
			if (item[m]) out.add(`${m.toUpperCase()} ${path}`);
	return out;
}

let bad = 0;
for (const [dir, file] of [['fcgi/wallet', 'openapi/wallet.yaml'],
    ['fcgi/partner', 'openapi/partner.yaml'], ['fcgi/console', 'openapi/console.yaml']]) {
	const have = served(dir), spec = described(file);
	for (const r of have)
		if (!spec.has(r)) { console.log(`${file}: lacks ${r} (served by ${dir})`); bad++; }
	for (const r of spec)
		if (!have.has(r)) { console.log(`${file}: describes ${r}, which no program serves`); bad++; }
}
process.exit(bad ? 1 : 0);
