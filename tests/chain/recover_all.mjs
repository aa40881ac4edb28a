// recover_all.mjs FILE: a third-party check (npm ethers, not our code) of
// every transaction the signer stored. FILE holds one JSON object a line,
// {"raw", "from", "hash"}: the signed bytes as broadcast, the key the
// database says signed them, and the hash it stored. Each is parsed with
// ethers' Transaction.from; the sender ethers recovers from the signature
// must be "from" (case-insensitively), its hash "hash", and its s low
// (EIP-2).
//
// Prints `ok N` (N transactions checked) and exits 0, or one `FAIL ...`
// line per transaction that differs and exits 1; exits 2 on bad usage or
// an empty file.
import { readFileSync } from 'node:fs';
import { Transaction } from 'ethers';

// secp256k1 group order / 2: a larger s is malleable and refused by nodes
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

if (process.argv.length !== 3) {
	process.stderr.write('usage: node tests/chain/recover_all.mjs FILE\n');
	process.exit(2);
}
const lines = readFileSync(process.argv[2], 'utf8').split('\n').filter((l) => l.trim() !== '');
if (lines.length === 0) {
	process.stderr.write('recover_all: no transaction to check\n');
	process.exit(2);
}
const failures = [];
for (const [i, line] of lines.entries()) {
	let want;
	try {
		want = JSON.parse(line);
		const tx = Transaction.from(want.raw);
		if (tx.from.toLowerCase() !== String(want.from).toLowerCase())
			failures.push(`FAIL ${want.hash}: signed by ${tx.from}, the database says ${want.from}`);
		if (tx.hash !== String(want.hash).toLowerCase())
			failures.push(`FAIL ${want.hash}: its bytes hash to ${tx.hash}`);
		if (BigInt(tx.signature.s) > HALF_N)
			failures.push(`FAIL ${want.hash}: s is high`);
	} catch (e) {
		failures.push(`FAIL line ${i + 1} (${want ? want.hash : 'not JSON'}): ${e.message}`);
	}
}
if (failures.length > 0) {
	process.stdout.write(`${failures.join('\n')}\n`);
	process.exit(1);
}
process.stdout.write(`ok ${lines.length}\n`);
