// sign.mjs: RFC 9421 signatures made by a third-party implementation (npm's
// http-message-signatures, not our code) for the integration suite's
// signed partner requests (tests/integration/t_signatures.c).
//
//   node tests/signatures/sign.mjs keygen DIR
//     writes DIR/ed25519.pem, DIR/ed25519.pub.pem, DIR/p256.pem and
//     DIR/p256.pub.pem (PKCS#8 private keys, SubjectPublicKeyInfo public
//     keys); prints "ok".
//
//   node tests/signatures/sign.mjs sign JSON
//     JSON: {"method", "url", "body" (may be ""), "key" (a private key
//     file), "alg" ("ed25519" or "ecdsa-p256-sha256"), "keyid",
//     "created" (Unix seconds), "fields" (the covered components, in
//     order), and optionally "digestOf" (the body whose digest
//     Content-Digest carries, when it should not be "body's"), "label",
//     "nonce" (default: 16 random bytes, base64url, so two signatures made
//     in the same second differ; null: none)}.
//     Prints the headers to send, one "Name: value" a line: Content-Digest
//     (sha-256 of the body, RFC 9530), Signature-Input and Signature.
//
// Exits 2 on bad usage, 1 when signing fails.
import { createHash, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import hms from 'http-message-signatures';

const { httpbis, createSigner } = hms;

function usage(msg) {
	if (msg) process.stderr.write(`sign: ${msg}\n`);
	process.stderr.write('usage: node tests/signatures/sign.mjs keygen DIR | sign JSON\n');
	process.exit(2);
}

function keygen(dir) {
	const pairs = {
		ed25519: generateKeyPairSync('ed25519'),
		p256: generateKeyPairSync('ec', { namedCurve: 'P-256' }),
	};
	for (const [name, { privateKey, publicKey }] of Object.entries(pairs)) {
		writeFileSync(join(dir, `${name}.pem`), privateKey.export({ type: 'pkcs8', format: 'pem' }));
		writeFileSync(join(dir, `${name}.pub.pem`), publicKey.export({ type: 'spki', format: 'pem' }));
	}
	process.stdout.write('ok\n');
}

async function sign(spec) {
	for (const k of ['method', 'url', 'key', 'alg', 'keyid', 'created', 'fields'])
		if (spec[k] === undefined) usage(`missing ${k}`);
	const body = spec.body ?? '';
	const digested = spec.digestOf ?? body;
	const digest = `sha-256=:${createHash('sha256').update(digested, 'utf8').digest('base64')}:`;
	const headers = { 'Content-Digest': digest };
	const key = createSigner(createPrivateKey(readFileSync(spec.key)), spec.alg, spec.keyid);
	const nonce = spec.nonce === undefined ? randomBytes(16).toString('base64url') : spec.nonce;
	const signed = await httpbis.signMessage({
		key,
		name: spec.label ?? 'sig1',
		fields: spec.fields,
		params: nonce === null ? ['keyid', 'alg', 'created'] : ['keyid', 'alg', 'created', 'nonce'],
		paramValues: { created: new Date(spec.created * 1000), nonce },
	}, { method: spec.method, url: spec.url, headers });
	for (const [name, value] of Object.entries(signed.headers))
		process.stdout.write(`${name}: ${value}\n`);
}

const [cmd, arg] = process.argv.slice(2);
if (cmd === 'keygen' && arg) keygen(arg);
else if (cmd === 'sign' && arg) {
	let spec;
	try {
		spec = JSON.parse(arg);
	} catch (e) {
		usage(`JSON: ${e.message}`);
	}
	sign(spec).catch((e) => {
		process.stderr.write(`sign: ${e.message}\n`);
		process.exit(1);
	});
} else usage();
