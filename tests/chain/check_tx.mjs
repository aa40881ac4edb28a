// check_tx.mjs RAW_HEX EXPECTED_JSON: a third-party check (ethers, not our
// code) of an EIP-1559 transaction signed by the C chain adapter.
//
// RAW_HEX is the signed transaction as sent to eth_sendRawTransaction (with
// or without 0x). EXPECTED_JSON is a JSON object, given inline (starting
// with "{") or as the path of a file holding it:
//   {"from", "hash", "chainId", "nonce", "maxPriorityFeePerGas",
//    "maxFeePerGas", "gasLimit", "to", "value", "data"}
// numbers as decimal strings, addresses and hex lowercase with 0x.
//
// Parsed with ethers' Transaction.from, the transaction must be of type 2
// with an empty access list, and every field must equal the expected one
// (addresses case-insensitively, numbers as BigInt, data as lowercase hex);
// the sender recovered from the signature must equal "from", and the hash
// must equal "hash". Beyond that, the bytes must be exactly ethers'
// canonical encoding of the parsed transaction (so keccak256(RAW) is the
// hash nodes will report), and the signature must have a low s (EIP-2).
//
// Prints `ok` and exits 0, or one `FAIL <field>: got X, want Y` line per
// difference and exits 1; exits 2 on bad usage.
import { readFileSync } from 'node:fs';
import { Transaction, keccak256 } from 'ethers';

const NUMBERS = ['chainId', 'nonce', 'maxPriorityFeePerGas', 'maxFeePerGas', 'gasLimit', 'value'];
const FIELDS = ['from', 'hash', ...NUMBERS, 'to', 'data'];
// secp256k1 group order / 2: a larger s is malleable and refused by nodes
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

function usage(msg) {
	if (msg) process.stderr.write(`check_tx: ${msg}\n`);
	process.stderr.write('usage: node tests/chain/check_tx.mjs RAW_HEX EXPECTED_JSON\n');
	process.exit(2);
}

function parseExpected(arg) {
	let text = arg;
	if (!arg.trimStart().startsWith('{')) {
		try {
			text = readFileSync(arg, 'utf8');
		} catch (e) {
			usage(`EXPECTED_JSON is neither a JSON object nor a readable file: ${e.message}`);
		}
	}
	let exp;
	try {
		exp = JSON.parse(text);
	} catch (e) {
		usage(`EXPECTED_JSON: ${e.message}`);
	}
	if (exp === null || typeof exp !== 'object' || Array.isArray(exp)) usage('EXPECTED_JSON must be an object');
	for (const f of FIELDS) {
		if (!(f in exp)) usage(`EXPECTED_JSON has no "${f}"`);
	}
	for (const f of Object.keys(exp)) {
		if (!FIELDS.includes(f)) usage(`EXPECTED_JSON has an unknown member "${f}"`);
	}
	for (const f of NUMBERS) {
		const v = exp[f];
		if (!(typeof v === 'string' && /^[0-9]+$/.test(v)) && !Number.isSafeInteger(v)) {
			usage(`EXPECTED_JSON "${f}" must be a decimal string`);
		}
		exp[f] = BigInt(v);
	}
	for (const f of ['from', 'to']) {
		if (f === 'to' && exp.to === null) continue; // contract creation
		if (typeof exp[f] !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(exp[f])) usage(`EXPECTED_JSON "${f}" must be an address`);
		exp[f] = exp[f].toLowerCase();
	}
	if (typeof exp.hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(exp.hash)) usage('EXPECTED_JSON "hash" must be 32 bytes of hex');
	exp.hash = exp.hash.toLowerCase();
	if (typeof exp.data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(exp.data)) usage('EXPECTED_JSON "data" must be hex bytes with 0x');
	exp.data = exp.data.toLowerCase();
	return exp;
}

if (process.argv.length !== 4) usage();
let raw = process.argv[2].trim();
if (!raw.startsWith('0x') && !raw.startsWith('0X')) raw = `0x${raw}`;
raw = raw.toLowerCase();
if (!/^0x([0-9a-f]{2})+$/.test(raw)) usage('RAW_HEX must be hex bytes');
const exp = parseExpected(process.argv[3]);

const fails = [];
function check(field, got, want) {
	if (got !== want) fails.push(`FAIL ${field}: got ${got}, want ${want}`);
}

let tx;
try {
	tx = Transaction.from(raw);
} catch (e) {
	console.log(`FAIL parse: got ${(e.shortMessage || e.message).replace(/\s+/g, ' ')}, want a signed transaction`);
	process.exit(1);
}

check('type', tx.type, 2);
check('accessList', JSON.stringify(tx.accessList), '[]');
if (!tx.signature) {
	fails.push('FAIL signature: got none, want a signed transaction');
} else {
	const s = BigInt(tx.signature.s);
	if (s > HALF_N) fails.push(`FAIL signature.s: got ${tx.signature.s}, want s <= n/2 (EIP-2)`);
}
check('encoding', tx.serialized, raw);
check('from', tx.from ? tx.from.toLowerCase() : null, exp.from);
check('hash', tx.hash, exp.hash);
check('hash', keccak256(raw), exp.hash);
for (const f of NUMBERS) check(f, tx[f] === null ? null : BigInt(tx[f]), exp[f]);
check('to', tx.to ? tx.to.toLowerCase() : null, exp.to);
check('data', tx.data.toLowerCase(), exp.data);

// one line per field even when two checks of it failed the same way
const out = [...new Set(fails)];
if (out.length > 0) {
	console.log(out.join('\n'));
	process.exit(1);
}
console.log('ok');
