// Builds a spec into the program that serves it (GET /api/openapi.json,
// GET /v1/openapi.json): node tools/openapi/embed.mjs SPEC.yaml VERSION NAME
// writes C to standard output defining `const char NAME[]`, the spec as
// compact JSON with info.version set from the VERSION file, NUL-ended, and
// `const size_t NAME_len` (its length without the NUL). Bytes, not a string
// literal: C11 promises string literals of 4095 characters only.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const [spec, versionFile, name] = process.argv.slice(2);
if (!spec || !versionFile || !/^[a-z_][a-z0-9_]*$/.test(name ?? '')) {
	console.error('usage: embed.mjs SPEC.yaml VERSION NAME');
	process.exit(2);
}
const doc = parse(readFileSync(spec, 'utf8'), { maxAliasCount: -1 });
doc.info.version = readFileSync(versionFile, 'utf8').trim();
const bytes = Buffer.from(JSON.stringify(doc), 'utf8');
const lines = [];
for (let i = 0; i < bytes.length; i += 16)
	lines.push('\t' + [...bytes.subarray(i, i + 16)].map((b) => `${b},`).join(' '));
process.stdout.write(`/* ${spec} as JSON (tools/openapi/embed.mjs): generated, do not edit. */
#include <stddef.h>

extern const char ${name}[];
extern const size_t ${name}_len;

const char ${name}[] = {
${lines.join('\n')}
	0
};
const size_t ${name}_len = ${bytes.length};
`);
