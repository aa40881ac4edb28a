// Spec-driven fuzzing of one API (issue 23). fast-check picks an operation
// of the spec, a seed and a mutation (or none); json-schema-faker draws
// the request from the operation's parameter and body schemas with that
// seed; the request goes to the running stack (127.0.0.1 only) and the
// answer must be:
//   - one the spec documents for that operation (tools/openapi/contract.mjs);
//   - never a 5xx;
//   - for a valid request, never a refusal with a validation code;
//   - for a mutation that makes the request invalid, a 4xx.
// Each fault is recorded (once per operation, mutation, status and code)
// with the request that showed it, and the run fails on any.
//
// Environment: BASE_URL, JWT_HS256_SECRET, PARTNER_API_KEY (var/
// sandbox.env), FUZZ_SEED, FUZZ_RUNS (cases per API), FUZZ_SECONDS (stop
// after this long instead, for make fuzz-api).
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import { checkAnswer, loadApi, METHODS } from '../../tools/openapi/contract.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;

// The codes that say "your request is malformed": a valid request must
// never get one.
const VALIDATION_CODES = {
	wallet: ['validation_error', 'unsupported_media_type', 'payload_too_large'],
	partner: ['VALIDATION_ERROR', 'INVALID_PHONE', 'INVALID_NETWORK', 'INVALID_CURRENCY',
	    'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'],
};

// Mutations, each of which makes a request invalid (so the answer must be
// a 4xx); a case applies one, or none.
const MUTATIONS = ['drop-required', 'wrong-type', 'unknown-field', 'bad-json',
    'unknown-query', 'bad-query-value', 'bad-auth', 'no-auth', 'text-body',
    'bad-path-param'];

function env(name) {
	const v = process.env[name];
	if (!v) throw new Error(`${name} is not set (run through make test or make fuzz-api)`);
	return v;
}

// A small seeded PRNG (mulberry32): the case's choices, reproducible.
function rng(seed) {
	let a = seed >>> 0;
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return { next, int: (n) => Math.floor(next() * n), seed: () => 1 + Math.floor(next() * 0x7ffffffe) };
}

// A schema with every `#/components/...` reference of spec inlined, for the
// generator (the specs' request schemas hold no cycles).
function inline(spec, s, depth = 0) {
	if (Array.isArray(s)) return s.map((x) => inline(spec, x, depth));
	if (!s || typeof s !== 'object') return s;
	if (depth > 40) throw new Error('schema nests too deep');
	if (typeof s.$ref === 'string' && s.$ref.startsWith('#/')) {
		const target = s.$ref.slice(2).split('/').reduce((o, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
		const { $ref, ...rest } = s;
		return inline(spec, { ...target, ...rest }, depth + 1);
	}
	const out = {};
	for (const [k, v] of Object.entries(s))
		if (k !== 'example' && k !== 'examples') out[k] = inline(spec, v, depth + 1);
	return out;
}

function operationsOf(api) {
	const ops = [];
	for (const [path, item] of Object.entries(api.spec.paths))
		for (const m of METHODS.filter((x) => item[x])) {
			const op = item[m];
			const params = [...(item.parameters ?? []), ...(op.parameters ?? [])]
			    .map((p) => inline(api.spec, p));
			const body = op.requestBody && inline(api.spec, op.requestBody);
			const security = op.security ?? api.spec.security ?? [];
			ops.push({
				name: `${m.toUpperCase()} ${path}`, method: m.toUpperCase(), path, params,
				body: body?.content?.['application/json']?.schema,
				bodyRequired: !!body?.required,
				authenticated: security.length > 0 && Object.keys(security[0]).length > 0,
				signed: params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-paystack-signature'),
			});
		}
	return ops;
}

// The sandbox's magic values ask the simulators for a failure on purpose
// (docs/sandbox.md: a phone number ending 1xx-3xx, an amount ending .666 or
// .777; 103 is a provider that is down, answered 503): a drawn value is
// moved off them, so a valid request means an ordinary one.
function tame(v) {
	if (Array.isArray(v)) return v.map(tame);
	if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, tame(x)]));
	if (typeof v !== 'string') return v;
	if (/^(\+?233|0)[0-9]{9}$/.test(v) && /[123][0-9]{2}$/.test(v)) return `${v.slice(0, -3)}5${v.slice(-2)}`;
	if (/^[0-9]*\.[0-9]*(666|777)/.test(v)) return v.replace(/666|777/g, '555');
	return v;
}

// What json-schema-faker draws is checked against the schema it was drawn
// from (its pattern generator does not know every construct): a valid
// case holds only values the schema takes, else it is not sent.
const ajv = addFormats(new Ajv2020({ strict: false, validateSchema: false }));
const validators = new WeakMap();
function fits(schema, value) {
	if (!validators.has(schema)) validators.set(schema, ajv.compile(schema));
	return validators.get(schema)(value);
}

const gen = (schema, r) => tame(generateSync(schema, { seed: r.seed(), optionalsProbability: 0.5,
    maxDefaultItems: 3, formats: FORMATS }));

const b64url = (b) => Buffer.from(b).toString('base64url');

// An HS256 wallet token for a wallet no case used before: each case is a
// new user, so no rate limit of the last case refuses this one.
function walletToken(r) {
	let sub = '0x';
	for (let i = 0; i < 40; i++) sub += '0123456789abcdef'[r.int(16)];
	const now = Math.floor(Date.now() / 1000);
	const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
	const body = b64url(JSON.stringify({ sub, iat: now - 10, exp: now + 3600 }));
	const sig = createHmac('sha256', env('JWT_HS256_SECRET')).update(`${head}.${body}`).digest('base64url');
	return `${head}.${body}.${sig}`;
}

const typeOf = (v) => v === null ? 'null' : Array.isArray(v) ? 'array'
    : Number.isInteger(v) ? 'integer' : typeof v;

// A value of a JSON type schema s does not allow, or undefined when s
// names no type.
function wrongValue(s, r) {
	const types = [s?.type ?? []].flat();
	if (types.length === 0) return undefined;
	const allowed = (v) => types.includes(typeOf(v)) || (types.includes('number') && typeof v === 'number');
	const choices = [12345, 'not-this', true, null, [1], { a: 1 }, 1.5].filter((v) => !allowed(v));
	return choices[r.int(choices.length)];
}

// The generator's formats: a URL is always this machine's (a webhook URL
// the stack would resolve or call must not leave 127.0.0.1; the fuzz
// stack allows loopback webhooks).
// A date is drawn from 1970 to 2005: a from_date is from 1970, and a date
// of birth must be an adult's (a rule relative to today, which JSON Schema
// cannot state; the spec's description does).
const FORMATS = {
	uri: (random) => `https://127.0.0.1:9/hooks/${random.int(1, 99999)}`,
	date: (random) => `${random.int(1970, 2005)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
};

// Wall-clock order of two ISO dates or date-times (a date alone: that day).
const when = (v) => Date.parse(/T/.test(v) ? (/(Z|[+-]\d\d:\d\d)$/.test(v) ? v : `${v}Z`) : `${v}T00:00:00Z`);

// A case: the request of op from seed, with mutation applied (null: none).
// Returns null when the mutation does not apply to op, 'unfit' when a
// drawn value is outside its schema.
function request(api, op, seed, mutation) {
	const r = rng(seed);
	const headers = {};
	let body, sent = null;
	const query = [], values = {}, drawn = [];
	for (const p of op.params) {
		// an opaque value (a cursor) is valid only as the API issued it:
		// never drawn for a valid request, a mutation's to spoil
		const include = p.required || (!p['x-opaque'] && r.next() < 0.5);
		if (!include || !p.schema) continue;
		const v = gen(p.schema, r);
		drawn.push([p.schema, v]);
		if (p.in === 'path') values[p.name] = encodeURIComponent(String(v));
		else if (p.in === 'query') for (const x of [v].flat()) query.push([p.name, String(x)]);
		else if (p.in === 'header') headers[p.name] = String(v);
	}
	// from_date after to_date is refused (a rule between two parameters
	// the schemas cannot hold): drawn in order
	const from = query.find(([k]) => k === 'from_date'), to = query.find(([k]) => k === 'to_date');
	if (from && to && when(from[1]) > when(to[1])) [from[1], to[1]] = [to[1], from[1]];
	if (op.body && (op.bodyRequired || r.next() < 0.8)) {
		body = gen(op.body, r);
		drawn.push([op.body, body]);
		sent = JSON.stringify(body);
		headers['Content-Type'] = 'application/json';
	}
	if (op.authenticated)
		headers.Authorization = `Bearer ${api.name === 'wallet' ? walletToken(r) : env('PARTNER_API_KEY')}`;

	if (!drawn.every(([schema, v]) => fits(schema, v))) return 'unfit';
	const bodyProps = op.body?.properties && body && typeof body === 'object' && !Array.isArray(body)
	    ? Object.keys(op.body.properties).filter((k) => k in body) : [];
	switch (mutation) {
	case null: break;
	case 'drop-required': {
		const req = (op.body?.required ?? []).filter((k) => body && k in body);
		if (req.length === 0) return null;
		delete body[req[r.int(req.length)]];
		sent = JSON.stringify(body);
		break;
	}
	case 'wrong-type': {
		if (bodyProps.length === 0) return null;
		const k = bodyProps[r.int(bodyProps.length)];
		const v = wrongValue(op.body.properties[k], r);
		if (v === undefined) return null;
		body[k] = v;
		sent = JSON.stringify(body);
		break;
	}
	case 'unknown-field':
		if (!body || typeof body !== 'object' || op.body.additionalProperties !== false) return null;
		body.zz_unknown_field = 'x';
		sent = JSON.stringify(body);
		break;
	case 'bad-json':
		if (!op.body) return null;
		sent = ['{"a":', '{', '[1,', '{"a":1,}', 'nul', '{"a":"\\x"}'][r.int(6)];
		headers['Content-Type'] = 'application/json';
		break;
	case 'unknown-query':
		query.push(['zz_unknown_param', '1']);
		break;
	case 'bad-query-value': {
		const qs = op.params.filter((p) => p.in === 'query' && p.schema && (p['x-opaque'] ||
		    p.schema.enum || ['integer', 'number'].includes(p.schema.type) || p.schema.pattern));
		if (qs.length === 0) return null;
		const p = qs[r.int(qs.length)];
		const i = query.findIndex(([n]) => n === p.name);
		if (i >= 0) query.splice(i, 1);
		query.push([p.name, ['-1x', 'zz%', '', '99999999999999999999', '2026-13-45'][r.int(5)]]);
		break;
	}
	case 'bad-auth':
		if (op.signed) break; // the signature is spoiled below
		if (!op.authenticated) return null;
		headers.Authorization = ['Bearer x', 'Bearer ', 'Basic Zm9vOmJhcg==',
		    `${headers.Authorization}x`][r.int(4)];
		break;
	case 'no-auth':
		if (!op.authenticated) return null;
		delete headers.Authorization;
		break;
	case 'text-body':
		if (!op.body) return null;
		sent = sent ?? '{}';
		headers['Content-Type'] = 'text/plain';
		break;
	case 'bad-path-param': {
		const ps = op.params.filter((p) => p.in === 'path');
		if (ps.length === 0) return null;
		values[ps[r.int(ps.length)].name] = ['%25', '..%2F..', 'x'.repeat(300), '%00', 'a%20b', '%C3%28'][r.int(6)];
		break;
	}
	default: throw new Error(`unknown mutation ${mutation}`);
	}
	// Paystack's webhook is signed with a network's secret key (the
	// sandbox's, from var/sandbox.env); bad-auth spoils the signature
	if (op.signed && sent !== null)
		headers['x-paystack-signature'] = createHmac('sha512', env('PAYSTACK_TELECEL_SECRET_KEY'))
		    .update(sent).digest('hex') + (mutation === 'bad-auth' ? '0' : '');
	const path = op.path.replace(/\{([^}]+)\}/g, (_, k) => values[k] ?? `{${k}}`);
	const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
	return { method: op.method, path: qs ? `${path}?${qs}` : path, headers, body: sent };
}

// The error code of an answer's body, or undefined.
function codeOf(body) {
	try { return JSON.parse(body).code; } catch { return undefined; }
}

async function send(req) {
	const base = env('BASE_URL');
	if (!base.startsWith('http://127.0.0.1:')) throw new Error('the fuzzer sends to 127.0.0.1 only');
	const url = new URL(req.path, base);
	const res = await fetch(url, { method: req.method, headers: req.headers, body: req.body ?? undefined,
	    redirect: 'manual', signal: AbortSignal.timeout(30000) });
	const raw = new Uint8Array(await res.arrayBuffer());
	let text;
	try { text = new TextDecoder('utf-8', { fatal: true }).decode(raw); } catch { text = null; }
	const headers = {};
	res.headers.forEach((v, k) => { headers[k] = v; });
	return { method: req.method, path: url.pathname + url.search, status: res.status, headers, body: text };
}

// Runs the fuzzer on api ('wallet' or 'partner'): its findings, each once.
export async function fuzz(name) {
	const api = loadApi(`${ROOT}openapi/${name}.yaml`);
	api.name = name;
	const ops = operationsOf(api);
	const findings = new Map();
	const counts = { cases: 0, valid: 0, mutated: 0, skipped: 0, unfit: 0, statuses: {} };
	const seconds = Number(process.env.FUZZ_SECONDS ?? 0);
	const runs = seconds > 0 ? 100000000 : Number(process.env.FUZZ_RUNS ?? 300);
	const seed = Number(process.env.FUZZ_SEED ?? 20261125);

	const note = (c, req, ans, what) => {
		const code = codeOf(ans?.body);
		const key = `${c.op.name} ${c.mutation ?? 'valid'} ${ans?.status} ${code ?? ''} ${what}`;
		if (!findings.has(key))
			findings.set(key, { operation: c.op.name, mutation: c.mutation, seed: c.seed, what,
			    request: req, status: ans?.status, body: ans?.body?.slice(0, 400), times: 0 });
		findings.get(key).times++;
	};

	const property = fc.asyncProperty(
	    fc.constantFrom(...ops),
	    fc.integer({ min: 1, max: 0x7fffffff }),
	    fc.oneof({ weight: 1, arbitrary: fc.constant(null) },
	        { weight: 1, arbitrary: fc.constantFrom(...MUTATIONS) }),
	    async (op, s, mutation) => {
		const c = { op, seed: s, mutation };
		const req = request(api, op, s, mutation);
		if (req === null) { counts.skipped++; return; }
		if (req === 'unfit') { counts.unfit++; return; }
		counts.cases++;
		counts[mutation ? 'mutated' : 'valid']++;
		let ans;
		try { ans = await send(req); } catch (e) { note(c, req, null, `no answer: ${e.message}`); return; }
		counts.statuses[ans.status] = (counts.statuses[ans.status] ?? 0) + 1;
		const { bad } = checkAnswer(api, ans);
		for (const b of bad) note(c, req, ans, `undocumented: ${b}`);
		if (ans.status >= 500) note(c, req, ans, 'a 5xx');
		const code = codeOf(ans.body);
		if (!mutation && ans.status >= 400 && VALIDATION_CODES[name].includes(code))
			note(c, req, ans, `a valid request refused with ${code}`);
		if (mutation && (ans.status < 400 || ans.status >= 500))
			note(c, req, ans, `an invalid request (${mutation}) answered ${ans.status}`);
	});
	await fc.assert(property, { seed, numRuns: runs,
	    ...(seconds > 0 ? { interruptAfterTimeLimit: seconds * 1000, markInterruptAsFailure: false } : {}) });
	return { findings: [...findings.values()], counts, operations: ops.length };
}

// The node:test test of api: its counts, each finding as a FINDING line,
// the report in FUZZ_REPORT-<api>.json when set; any finding fails it.
export function fuzzTest(name) {
	test(`the ${name} API answers generated requests as its spec says`, { timeout: 3600000 }, async () => {
		const { findings, counts, operations } = await fuzz(name);
		console.log(`${name}: ${counts.cases} cases over ${operations} operations (${counts.valid} valid, ` +
		    `${counts.mutated} mutated; ${counts.skipped} drawn mutations did not apply, ${counts.unfit} draws outside ` +
		    `their schema not sent); statuses ${JSON.stringify(counts.statuses)}`);
		if (process.env.FUZZ_REPORT)
			writeFileSync(`${process.env.FUZZ_REPORT}-${name}.json`, JSON.stringify({ counts, findings }, null, 1));
		for (const f of findings) console.log(`FINDING ${JSON.stringify(f)}`);
		assert.equal(findings.length, 0, `${findings.length} findings (FINDING lines above)`);
	});
}
