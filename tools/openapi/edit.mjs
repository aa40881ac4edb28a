// Edits a copy of a spec for the tests that break one on purpose
// (tests/check/openapi.sh, tests/openapi/validate_fails.sh): parses FILE
// (YAML), runs the JavaScript EDIT on it as `s`, writes it back as JSON.
// usage: edit.mjs FILE EDIT
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const [file, edit] = process.argv.slice(2);
// the specs share examples by YAML aliases: no cap on them (our own files)
const s = parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 });
new Function('s', edit)(s);
writeFileSync(file, JSON.stringify(s));
