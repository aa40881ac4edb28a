// verify.mjs DIR: checks the webhook deliveries that tests/common/receiver.c
// saved (rcv_save) as DIR/hit-<i>.json with the reference libraries rather
// than with our own code, so a signing bug cannot hide behind a matching
// bug in a hand-written checker.
//
// For each file, with secret S and raw body B:
//   - Standard Webhooks (standardwebhooks): webhook-id, webhook-timestamp
//     and webhook-signature must verify B with the key S's UTF-8 bytes, or,
//     for S in the library's own whsec_ form, with S given to it as it is;
//   - x-cediramp-signature must verify B (sha256=<hex>, @octokit/webhooks-methods):
//     during a secret rotation's overlap it is a list, "sha256=<new>,
//     sha256=<old>" (as RFC 9110 joins repeated fields), and one of its
//     values must verify (Standard Webhooks' own list is the library's);
//   - kind "wallet": B ends with ,"signature":"sha256=<64 hex>"} and that
//     value must verify B without the member; B has event, id, timestamp,
//     data, signature;
//   - kind "partner": B has id, type, created_at, event, timestamp, data,
//     with type === event and created_at === timestamp;
//   - a copy of B with one character changed inside "data" must fail every
//     signature check (a checker that accepts anything would pass the rest).
// Prints `ok <file> <event type>` or `FAIL <file>: <reason>` per file, then
// `verified N of M`; exits 0 only when M > 0 and N === M, 2 on bad usage.
// Runs on Node 18 and later: `npm ci` here first.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Buffer } from 'node:buffer';
import standardwebhooks from 'standardwebhooks';
import { verify as verifyHex } from '@octokit/webhooks-methods';

const { Webhook } = standardwebhooks;
const HIT_NAME = /^hit-(\d+)\.json$/;
const WALLET_SIG = /,"signature":"(sha256=[0-9a-f]{64})"\}$/;
const PARTNER_MEMBERS = ['id', 'type', 'created_at', 'event', 'timestamp', 'data'];
const WALLET_MEMBERS = ['event', 'id', 'timestamp', 'data', 'signature'];

class Refused extends Error {}

// What came from a file, clipped and without control characters, for a line of output.
function clean(v, max = 80) {
	const s = String(v).replace(/[\u0000-\u001f\u007f]/g, '?');
	return s.length > max ? `${s.slice(0, max)}...` : s;
}

function isObject(v) {
	return v !== null && typeof v === 'object' && !Array.isArray(v);
}

// Index just past the JSON string that starts at body[i] (a quote).
function skipString(body, i) {
	for (i++; i < body.length; i++) {
		if (body[i] === '\\')
			i++;
		else if (body[i] === '"')
			return i + 1;
	}
	throw new Refused('unterminated string in body');
}

// Index where the value of the top-level member "data" starts in the raw body.
function dataValueStart(body) {
	let depth = 0;

	for (let i = 0; i < body.length;) {
		const c = body[i];
		if (c === '"') {
			const end = skipString(body, i);
			if (depth === 1 && JSON.parse(body.slice(i, end)) === 'data') {
				let j = end;
				while (/\s/.test(body[j] ?? ''))
					j++;
				if (body[j] === ':') {
					j++;
					while (/\s/.test(body[j] ?? ''))
						j++;
					return j;
				}
			}
			i = end;
			continue;
		}
		if (c === '{' || c === '[')
			depth++;
		else if (c === '}' || c === ']')
			depth--;
		i++;
	}
	throw new Refused('no top-level "data" member in body');
}

// The next letter or digit after c, wrapping within its class.
function bump(c) {
	if (c === '9')
		return '0';
	if (c === 'z')
		return 'a';
	if (c === 'Z')
		return 'A';
	return String.fromCharCode(c.charCodeAt(0) + 1);
}

// B with one character inside "data" changed so that the JSON stays valid:
// the first letter or digit of a string in it; else, with no such string,
// a space after the opening brace or bracket, the last digit of a number
// bumped, or (true, false, null) a space before the value.
function tamper(body) {
	const start = dataValueStart(body);
	let depth = 0;

	for (let i = start; i < body.length; i++) {
		const c = body[i];
		if (c === '"') {
			for (let j = i + 1; j < body.length && body[j] !== '"'; j++) {
				if (body[j] === '\\') {
					j += body[j + 1] === 'u' ? 5 : 1;
					continue;
				}
				if (/[A-Za-z0-9]/.test(body[j]))
					return body.slice(0, j) + bump(body[j]) + body.slice(j + 1);
			}
			i = skipString(body, i) - 1;
			continue;
		}
		if (c === '{' || c === '[')
			depth++;
		else if (c === '}' || c === ']')
			depth--;
		if (depth <= 0 && (c === ',' || c === '}' || depth < 0))
			break; /* past the end of the data value */
	}
	if (body[start] === '{' || body[start] === '[')
		return body.slice(0, start + 1) + ' ' + body.slice(start + 1);
	const num = /^-?[0-9][0-9.eE+-]*/.exec(body.slice(start));
	if (num !== null) {
		const last = start + num[0].search(/[0-9][^0-9]*$/);
		return body.slice(0, last) + bump(body[last]) + body.slice(last + 1);
	}
	return body.slice(0, start) + ' ' + body.slice(start);
}

// A secret in Standard Webhooks' own form ("whsec_" and padded base64 of
// 24 to 64 bytes, as the service makes them) goes to the library as the
// partner got it; any other secret's characters are the key, which the
// library takes as base64.
const WHSEC_FORM = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

function libraryKey(secret) {
	const m = WHSEC_FORM.exec(secret);
	if (m !== null) {
		const raw = Buffer.from(m[1], 'base64');
		if (raw.length >= 24 && raw.length <= 64 && raw.toString('base64') === m[1])
			return secret;
	}
	return Buffer.from(secret).toString('base64');
}

// Whether the Standard Webhooks library accepts body under these headers.
function standardOk(secret, body, headers) {
	const wh = new Webhook(libraryKey(secret));
	try {
		wh.verify(body, headers, { jsonParse: false });
		return { ok: true };
	} catch (e) {
		return { ok: false, why: e.message };
	}
}

// Whether one value of the sha256=<hex> list signature (split on commas,
// spaces trimmed) is the HMAC of body (octokit's verify).
async function hexOk(secret, body, signature) {
	for (const one of String(signature ?? '').split(',')) {
		try {
			if (await verifyHex(secret, body, one.trim()) === true)
				return true;
		} catch {
			/* a missing signature or an empty body */
		}
	}
	return false;
}

// The wallet body's embedded signature and the bytes it signs, or null.
function walletParts(body) {
	const m = WALLET_SIG.exec(body);
	if (m === null)
		return null;
	return { sig: m[1], signed: body.slice(0, m.index) + '}' };
}

// Every signature check of kind on body; null when all pass, else why not.
async function signaturesFail(hit, body) {
	const { secret, kind } = hit;
	const headers = hit.headers;
	const sw = standardOk(secret, body, headers);

	if (!sw.ok)
		return `standard webhooks: ${sw.why}`;
	if (!(await hexOk(secret, body, headers['x-cediramp-signature'])))
		return 'x-cediramp-signature does not match the body';
	if (kind === 'wallet') {
		const w = walletParts(body);
		if (w === null)
			return 'body does not end with ,"signature":"sha256=<64 hex>"}';
		if (!(await hexOk(secret, w.signed, w.sig)))
			return 'embedded signature does not match the body without it';
	}
	return null;
}

// The checks of one file; returns the event type, throws Refused with why not.
async function checkFile(path) {
	let hit, doc;

	try {
		hit = JSON.parse(readFileSync(path, 'utf8'));
	} catch (e) {
		throw new Refused(`not readable JSON: ${e.message}`);
	}
	if (!isObject(hit) || !isObject(hit.headers) || typeof hit.body !== 'string')
		throw new Refused('not a receiver hit (headers, body)');
	if (typeof hit.secret !== 'string' || hit.secret === '')
		throw new Refused('no secret');
	if (hit.kind !== 'partner' && hit.kind !== 'wallet')
		throw new Refused('kind is neither "partner" nor "wallet"');
	const body = hit.body;
	// the library reads it with parseInt and signs the number, not the text
	if (!/^[0-9]{1,12}$/.test(hit.headers['webhook-timestamp'] ?? ''))
		throw new Refused('webhook-timestamp is not plain decimal seconds');

	const why = await signaturesFail(hit, body);
	if (why !== null)
		throw new Refused(why);

	try {
		doc = JSON.parse(body);
	} catch (e) {
		throw new Refused(`body is not JSON: ${e.message}`);
	}
	if (!isObject(doc))
		throw new Refused('body is not a JSON object');
	const members = hit.kind === 'wallet' ? WALLET_MEMBERS : PARTNER_MEMBERS;
	const missing = members.filter((k) => !Object.hasOwn(doc, k));
	if (missing.length > 0)
		throw new Refused(`body lacks ${missing.join(', ')}`);
	if (hit.kind === 'partner') {
		if (doc.type !== doc.event)
			throw new Refused('type and event differ');
		if (doc.created_at !== doc.timestamp)
			throw new Refused('created_at and timestamp differ');
	} else if (doc.signature !== walletParts(body).sig)
		throw new Refused('signature member is not the trailing one');

	const changed = tamper(body);
	if (changed === body)
		throw new Refused('could not tamper with the body');
	const sw = standardOk(hit.secret, changed, hit.headers);
	if (sw.ok)
		throw new Refused('a tampered body passes standard webhooks');
	if (await hexOk(hit.secret, changed, hit.headers['x-cediramp-signature']))
		throw new Refused('a tampered body passes x-cediramp-signature');
	if (hit.kind === 'wallet') {
		const w = walletParts(changed);
		if (w !== null && await hexOk(hit.secret, w.signed, w.sig))
			throw new Refused('a tampered body passes its embedded signature');
	}
	return hit.kind === 'partner' ? doc.type : doc.event;
}

async function main() {
	const dir = process.argv[2];
	let names, passed = 0;

	if (dir === undefined || process.argv.length > 3) {
		console.error('usage: node verify.mjs DIR');
		return 2;
	}
	try {
		names = readdirSync(dir).filter((n) => HIT_NAME.test(n));
	} catch (e) {
		console.log(`FAIL ${clean(dir)}: ${clean(e.message)}`);
		console.log('verified 0 of 0');
		return 1;
	}
	names.sort((a, b) => Number(HIT_NAME.exec(a)[1]) - Number(HIT_NAME.exec(b)[1]));
	for (const name of names) {
		try {
			const type = await checkFile(join(dir, name));
			console.log(`ok ${name} ${clean(type)}`);
			passed++;
		} catch (e) {
			const why = e instanceof Refused ? e.message :
			    `unexpected error: ${e?.message ?? e}`;
			console.log(`FAIL ${name}: ${clean(why, 200)}`);
		}
	}
	console.log(`verified ${passed} of ${names.length}`);
	return names.length > 0 && passed === names.length ? 0 : 1;
}

process.exitCode = await main();
