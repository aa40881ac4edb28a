// compile.mjs OUTDIR: compiles every contracts/*.sol with solcjs (the npm
// `solc` package, pinned in the root package-lock.json; it carries its own
// compiler, nothing is downloaded) through the standard-JSON interface and
// writes OUTDIR/<ContractName>.json = {"contractName", "abi", "bytecode"}.
//
// Optimizer on (200 runs) and evmVersion "paris", so the bytecode has no
// PUSH0 and runs on chains that have not adopted Shanghai. Sources are
// named by their path relative to the repository root, so the output (and
// the metadata hash at the end of the bytecode) does not depend on where
// the checkout lives: same sources, same files.
//
// Errors: the compiler's messages on stderr, exit 1. Warnings are printed
// on stderr too but are not fatal. Bad usage: exit 2.
import { readFileSync, readdirSync, mkdirSync, writeFileSync, renameSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REQUIRED = ['CediGateway', 'SandboxToken'];

function fail(msg) {
	process.stderr.write(`compile: ${msg}\n`);
	process.exit(1);
}

if (process.argv.length !== 3 || process.argv[2] === '') {
	process.stderr.write('usage: node tools/chain/compile.mjs OUTDIR\n');
	process.exit(2);
}
const outDir = process.argv[2];

const files = readdirSync(join(ROOT, 'contracts'))
	.filter((f) => f.endsWith('.sol'))
	.sort();
if (files.length === 0) fail('no contracts/*.sol');

const sources = {};
for (const f of files) {
	sources[`contracts/${f}`] = { content: readFileSync(join(ROOT, 'contracts', f), 'utf8') };
}

const input = {
	language: 'Solidity',
	sources,
	settings: {
		optimizer: { enabled: true, runs: 200 },
		evmVersion: 'paris',
		outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
	},
};

// Imports are not used; refuse them rather than reading arbitrary files.
function findImports(path) {
	return { error: `import not allowed: ${path}` };
}

let output;
try {
	output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
} catch (e) {
	fail(`solc failed: ${e.message}`);
}

let errors = 0;
for (const m of output.errors || []) {
	process.stderr.write(`${m.formattedMessage || m.message}\n`);
	if (m.severity === 'error') errors++;
}
if (errors > 0) fail(`${errors} error(s), solc ${solc.version()}`);

const found = {};
for (const file of Object.keys(output.contracts || {}).sort()) {
	for (const [name, c] of Object.entries(output.contracts[file]).sort(([a], [b]) => (a < b ? -1 : 1))) {
		const object = c.evm && c.evm.bytecode && c.evm.bytecode.object;
		if (!object) continue; // interfaces and abstract contracts have no bytecode
		if (found[name]) fail(`contract name ${name} appears twice (${found[name]}, ${file})`);
		if (!/^[0-9a-f]+$/.test(object)) fail(`${name}: bytecode is not plain hex (unlinked library?)`);
		found[name] = { file, artifact: { contractName: name, abi: c.abi, bytecode: `0x${object}` } };
	}
}
for (const name of REQUIRED) {
	if (!found[name]) fail(`no bytecode for ${name}`);
}

try {
	mkdirSync(outDir, { recursive: true });
	for (const [name, { artifact }] of Object.entries(found)) {
		const path = join(outDir, `${name}.json`);
		writeFileSync(`${path}.tmp`, `${JSON.stringify(artifact, null, 2)}\n`);
		renameSync(`${path}.tmp`, path);
	}
} catch (e) {
	fail(`writing ${outDir}: ${e.message}`);
}
