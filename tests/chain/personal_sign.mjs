// personal_sign.mjs KEY_HEX: a third-party signer (npm ethers, not our
// code) for the deposit address proof (issue 34, item 5).
//
// Reads the message from standard input (the output of `cediramp-admin
// partner wallet challenge`; one final newline, which the tool prints and
// the message does not have, is dropped), signs it as EIP-191's
// personal_sign with the secp256k1 key KEY_HEX (64 hex digits, with or
// without 0x) through ethers' Wallet.signMessage, and prints
// `<address> <signature>`: the key's EIP-55 address and 0x + r, s, v.
//
// `personal_sign.mjs --address KEY_HEX` prints the address only.
// Exits 2 on bad usage.
import { readFileSync } from 'node:fs';
import { Wallet } from 'ethers';

function usage(msg) {
	process.stderr.write(`personal_sign: ${msg}\nusage: personal_sign.mjs [--address] KEY_HEX\n`);
	process.exit(2);
}

const args = process.argv.slice(2);
const addressOnly = args[0] === '--address';
const hex = addressOnly ? args[1] : args[0];
if (typeof hex !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(hex))
	usage('KEY_HEX: 64 hexadecimal digits');
const wallet = new Wallet(hex.startsWith('0x') ? hex : `0x${hex}`);
if (addressOnly) {
	process.stdout.write(`${wallet.address}\n`);
} else {
	let message = readFileSync(0, 'utf8');
	if (message.endsWith('\n'))
		message = message.slice(0, -1);
	process.stdout.write(`${wallet.address} ${await wallet.signMessage(message)}\n`);
}
