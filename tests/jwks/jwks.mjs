// A wallet-login provider's keys, played with npm `jose` (a third party's
// JOSE): its published JWKS over HTTP on 127.0.0.1, and ES256 tokens it
// signs. The wallet API must take them through jwt.jwks_url, including a
// key rotation (t_jwks.c, JWKS_CLIENT).
//
//   jwks.mjs key DIR KID           a new ES256 key pair: DIR/KID.json
//   jwks.mjs publish DIR KID...    DIR/jwks.json: those keys' public halves
//   jwks.mjs publish-as DIR NAME KID...  the same as DIR/NAME.json
//   jwks.mjs serve PORT DIR        GET /NAME.json (NAME of a-z) answers
//                                  DIR/NAME.json, read at each request; 503
//                                  while DIR/down exists
//   jwks.mjs ping PORT             exit 0 when the server answers 200
//   jwks.mjs sign DIR KID SUB [ISS AUD]  an ES256 token {sub, iat, exp +10
//                                  min[, iss, aud]} with header kid KID, on
//                                  standard output
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';

const [cmd, ...args] = process.argv.slice(2);

async function key(dir, kid) {
	const { privateKey } = await generateKeyPair('ES256', { extractable: true });
	const jwk = await exportJWK(privateKey);
	writeFileSync(join(dir, `${kid}.json`), JSON.stringify({ ...jwk, kid, alg: 'ES256', use: 'sig' }));
}

function publish(dir, kids, name = 'jwks') {
	const keys = kids.map((kid) => {
		const { d, ...pub } = JSON.parse(readFileSync(join(dir, `${kid}.json`), 'utf8'));
		return pub;
	});
	writeFileSync(join(dir, `${name}.json`), JSON.stringify({ keys }));
}

function serve(port, dir) {
	http.createServer((req, res) => {
		const m = /^\/([a-z]+)\.json$/.exec(req.url);
		if (!m || !existsSync(join(dir, `${m[1]}.json`))) {
			res.writeHead(404).end();
		} else if (existsSync(join(dir, 'down'))) {
			res.writeHead(503).end('down');
		} else {
			res.writeHead(200, { 'Content-Type': 'application/json' })
				.end(readFileSync(join(dir, `${m[1]}.json`)));
		}
	}).listen(Number(port), '127.0.0.1');
}

async function sign(dir, kid, sub, iss, aud) {
	const jwk = JSON.parse(readFileSync(join(dir, `${kid}.json`), 'utf8'));
	const now = Math.floor(Date.now() / 1000);
	let jwt = new SignJWT({ sub }).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
		.setIssuedAt(now).setExpirationTime(now + 600);
	if (iss !== undefined)
		jwt = jwt.setIssuer(iss).setAudience(aud);
	process.stdout.write(`${await jwt.sign(await importJWK(jwk, 'ES256'))}\n`);
}

async function ping(port) {
	try {
		const r = await fetch(`http://127.0.0.1:${Number(port)}/jwks.json`);
		process.exit(r.status === 200 ? 0 : 1);
	} catch {
		process.exit(1);
	}
}

switch (cmd) {
case 'key': await key(args[0], args[1]); break;
case 'publish': publish(args[0], args.slice(1)); break;
case 'publish-as': publish(args[0], args.slice(2), args[1]); break;
case 'serve': serve(args[0], args[1]); break;
case 'ping': await ping(args[0]); break;
case 'sign': await sign(args[0], args[1], args[2], args[3], args[4]); break;
default:
	console.error('usage: jwks.mjs key|publish|publish-as|serve|ping|sign ...');
	process.exit(2);
}
