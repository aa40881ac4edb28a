// tests/docs/paths.mjs: every repository path that a comment, a script or
// a document names exists (tests/docs/check.sh runs it).
//
// Reads the files git tracks (and the untracked ones it does not ignore)
// of the source folders and the docs, and finds the words that look like
// a path of the repository: lib/..., fcgi/..., cron/..., tools/...,
// tests/..., schema/..., docs/..., apache-conf/..., openapi/..., .ci/...,
// and a layer's path as lib/ code writes it (core/..., store/...,
// domain/..., http/..., providers/..., sandbox/...: under lib/). A
// {a,b} group is expanded and a * matches any name; a path without an
// extension may name a module (x.c or x.h) or a folder, and one ending in
// '_' or a digit a family by its start (schema/019, tests/fuzz/fuzz_); a
// segment in capitals (NAME, NNN_name.sql) is a placeholder. A word inside a
// URL or another path (after a letter, a digit, '.', '/' or '-') is not
// one. Prints `file:line: names PATH, which does not exist` per word that
// names nothing, and exits 1; else nothing, exit 0.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// the checkout: argv[2], else the one this file is in
const root = process.argv[2] ? process.argv[2].replace(/\/?$/, '/') :
	new URL('../..', import.meta.url).pathname;
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'],
	{ cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const files = new Set(listed);
const dirs = new Set();
for (const f of listed) {
	const parts = f.split('/');
	for (let i = 1; i < parts.length; i++)
		dirs.add(parts.slice(0, i).join('/'));
}

const scanned = listed.filter((f) =>
	/^(lib|fcgi|cron|tools|tests|schema|docs|apache-conf|openapi|\.ci)\//.test(f) ||
	f === 'README.md' || f === 'Makefile').filter((f) =>
	/(\.(c|h|sh|sql|mjs|js|md|conf|yaml|yml|txt)|\/[^./]+)$/.test(f) &&
	// (the checker's own tests name missing files on purpose)
	f !== 'tests/docs/paths.mjs' && f !== 'tests/docs/paths_test.sh' &&
	f !== 'tests/check/run.sh' && !f.startsWith('var/'));

const layers = ['core', 'store', 'domain', 'http', 'providers', 'sandbox'];
const word = new RegExp('(?<![A-Za-z0-9_./-])((?:lib|fcgi|cron|tools|tests|schema|docs|' +
	'apache-conf|openapi|\\.ci|' + layers.join('|') + ')/[A-Za-z0-9_.*{},/-]*[A-Za-z0-9_*}])',
	'g');

// a{b,c}d -> abd, acd (each group in turn)
function expand(p) {
	const m = /\{([^{}]*)\}/.exec(p);
	if (!m)
		return [p];
	return m[1].split(',').flatMap((alt) =>
		expand(p.slice(0, m.index) + alt + p.slice(m.index + m[0].length)));
}

function exists(p) {
	if (p.includes('*')) {
		const re = new RegExp('^' + p.split('*').map((s) =>
			s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*') + '$');
		for (const f of files)
			if (re.test(f))
				return true;
		for (const d of dirs)
			if (re.test(d))
				return true;
		return false;
	}
	if (files.has(p) || dirs.has(p))
		return true;
	// a module named without its extension
	return !/\.[A-Za-z0-9]+$/.test(p) && (files.has(p + '.c') || files.has(p + '.h'));
}

// A word naming a family by its start (schema/019, tests/fuzz/fuzz_):
// some file's path begins with it.
function starts(p) {
	for (const f of files)
		if (f.startsWith(p))
			return true;
	return false;
}

function found(p) {
	const layer = layers.includes(p.split('/')[0]);
	// a placeholder segment (schema/NNN_name.sql, cron/NAME) names no file
	if (p.split('/').some((seg) => /^[A-Z][A-Z0-9]{2,}(_|\.|$)/.test(seg)))
		return true;
	return expand(p).every((e) => {
		const tries = layer ? [e, 'lib/' + e] : [e];
		return tries.some((t) => exists(t) || (/[_0-9]$/.test(t) && starts(t)));
	});
}

let bad = 0;
for (const f of scanned) {
	let text;
	try {
		text = readFileSync(root + f, 'utf8');
	} catch {
		continue;
	}
	if (text.includes('\0'))
		continue;
	text.split('\n').forEach((line, i) => {
		for (const m of line.matchAll(word)) {
			let p = m[1].replace(/[.,]+$/, '');

			if (p.endsWith('}') && !p.includes('{'))
				p = p.slice(0, -1); /* the end of a shell's ${f#tests/...} */
			if (!found(p)) {
				console.log(`${f}:${i + 1}: names ${p}, which does not exist`);
				bad = 1;
			}
		}
	});
}
process.exit(bad);
