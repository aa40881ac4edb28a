// The OpenAPI contract of both APIs as checks (issue 23): each spec
// loaded with ajv (JSON Schema 2020-12, ajv-formats) over the whole
// document, and an answer checked against the operation its method and
// path name: its status documented (exact, its 4XX/5XX, or default), its
// Content-Type one of that response's media types (none: an empty body),
// its JSON body valid against the schema (`additionalProperties: false`
// makes an undocumented or renamed field a fault), every header marked
// `required: true` present and every documented header valid. A request
// no operation takes is checked against the spec's `x-unrouted`
// responses: `path` for a path no route matches, `method` for a known
// path with another method. Used by validate.mjs (the integration suite's
// recordings) and tests/api_fuzz (the fuzzer's answers).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

// One API: its spec, its prefix (/api/, /v1/), its compiled validators.
export function loadApi(file, n = 0) {
	// the specs share examples by YAML aliases: no cap on them (our files)
	const spec = parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 });
	const id = `spec${n}.json`;
	const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
	addFormats(ajv);
	ajv.addSchema(spec, id);
	const prefixes = new Set(Object.keys(spec.paths).map((p) => p.split('/')[1]));
	if (prefixes.size !== 1) throw new Error(`${file}: paths under more than one prefix`);
	const routes = Object.entries(spec.paths).map(([path, item]) => ({
		path, item,
		params: (path.match(/\{/g) ?? []).length,
		re: new RegExp('^' + path.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
		    .replace(/\{[^}]+\}/g, '[^/]+') + '$'),
	})).sort((a, b) => a.params - b.params); // a literal path before a template
	const compiled = new Map();
	return {
		file, spec, prefix: `/${[...prefixes][0]}`, routes, seen: new Set(),
		// a validator for the schema at JSON pointer ptr of the spec
		validator(ptr) {
			if (!compiled.has(ptr)) compiled.set(ptr, ajv.compile({ $ref: `${id}#${ptr}` }));
			return compiled.get(ptr);
		},
	};
}

export const esc = (s) => s.replace(/~/g, '~0').replace(/\//g, '~1');

// An object of the spec and its JSON pointer, through any `$ref` (the
// OpenAPI level: responses, headers; schemas are ajv's).
export function deref(api, obj, ptr) {
	for (let hops = 0; obj && obj.$ref && hops < 10; hops++) {
		ptr = obj.$ref.slice(1);
		obj = ptr.split('/').slice(1).reduce((o, k) =>
		    o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], api.spec);
	}
	return [obj, ptr];
}

const isJson = (type) => /^application\/(.+\+)?json$/.test(type);

// The failures of one recorded answer against response resp (at ptr).
function checkResponse(api, rec, resp, ptr) {
	const bad = [];
	const headers = rec.headers ?? {};
	for (const [name, h0] of Object.entries(resp.headers ?? {})) {
		const [h, hptr] = deref(api, h0, `${ptr}/headers/${esc(name)}`);
		const value = headers[name.toLowerCase()];
		if (value === undefined) {
			if (h.required) bad.push(`header ${name} is missing`);
			continue;
		}
		if (!h.schema) continue;
		let v = value;
		const type = h.schema.type ?? deref(api, h.schema, '')[0]?.type;
		if (type === 'integer' || type === 'number') v = /^-?\d+$/.test(value) ? Number(value) : value;
		const validate = api.validator(`${hptr}/schema`);
		if (!validate(v))
			bad.push(`header ${name}: ${JSON.stringify(value)} ${validate.errors.map((e) => e.message).join('; ')}`);
	}
	const body = rec.body;
	if (rec.binary !== undefined) {
		// an image's bytes (it_record.c): its type documented as binary
		const ctype = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
		const media = (resp.content ?? {})[ctype];
		if (!media)
			return bad.concat(`Content-Type ${ctype || '(none)'} is not documented`);
		if (media.schema?.type !== 'string' || media.schema?.format !== 'binary')
			bad.push(`a binary body (${rec.binary} bytes) where ${ctype} is not documented as binary`);
		return bad;
	}
	if (body === null) return bad.concat('the body is not UTF-8');
	const content = resp.content ?? {};
	const ctype = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (Object.keys(content).length === 0) {
		if (body !== '') bad.push(`a body where the spec documents none (${ctype || 'no Content-Type'})`);
		return bad;
	}
	if (rec.method === 'HEAD') return bad; // no body to check
	if (!(ctype in content)) {
		bad.push(`Content-Type ${ctype || '(none)'} is not documented (${Object.keys(content).join(', ')})`);
		return bad;
	}
	const media = content[ctype];
	if (!media.schema) return bad;
	let doc = body;
	if (isJson(ctype)) {
		try { doc = JSON.parse(body); } catch { return bad.concat(`the body is not JSON: ${body.slice(0, 80)}`); }
	}
	const validate = api.validator(`${ptr}/content/${esc(ctype)}/schema`);
	if (!validate(doc))
		for (const e of validate.errors.slice(0, 6))
			bad.push(`body${e.instancePath} ${e.message}${e.params?.additionalProperty ? `: ${e.params.additionalProperty}` : ''}` +
			    `${e.params?.allowedValues ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}` +
			    `${e.params?.allowedValue !== undefined ? ` ${JSON.stringify(e.params.allowedValue)}` : ''}`);
	return bad;
}

// Which documented response answers status in responses (at ptr).
function pick(responses, status, ptr) {
	const s = String(status);
	for (const k of [s, `${s[0]}XX`, 'default'])
		if (responses[k]) return [responses[k], `${ptr}/${k}`];
	return [null, null];
}

// The API of path (by its prefix), or undefined: a path outside both.
export function apiOf(apis, path) {
	path = path.split('?')[0];
	return apis.find((a) => path === a.prefix || path.startsWith(`${a.prefix}/`));
}

// The answer rec ({method, path, status, headers (lower-case names),
// body: text}) against api: {what, bad: [faults]}; what names the
// operation (or the x-unrouted kind) that rec was checked against.
export function checkAnswer(api, rec) {
	// routed as the programs route it: an encoded slash is a slash there
	const path = rec.path.split('?')[0].replace(/%2f/gi, '/');
	const method = rec.method.toLowerCase();
	const route = api.routes.find((r) => r.re.test(path));
	let responses, ptr, what;
	if (route && route.item[method]) {
		responses = route.item[method].responses;
		ptr = `/paths/${esc(route.path)}/${method}/responses`;
		what = `${rec.method} ${route.path}`;
		api.seen.add(what);
	} else {
		const kind = route ? 'method' : 'path';
		responses = api.spec['x-unrouted']?.[kind];
		ptr = `/x-unrouted/${kind}`;
		what = route ? `${rec.method} ${route.path} (a method the path lacks)` : 'an unknown path';
		if (!responses) return { what, bad: [`the spec has no x-unrouted.${kind}`] };
	}
	const [r0, rptr] = pick(responses, rec.status, ptr);
	if (!r0)
		return { what, bad: [`status ${rec.status} is not documented (${Object.keys(responses).join(', ')})`] };
	const [resp, respPtr] = deref(api, r0, rptr);
	return { what, bad: checkResponse(api, rec, resp, respPtr) };
}

// Every operation of api as "METHOD /path".
export function operations(api) {
	return Object.entries(api.spec.paths).flatMap(([path, item]) =>
	    METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`));
}
