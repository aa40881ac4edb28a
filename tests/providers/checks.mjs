// checks.mjs: what the third-party client tests (mtn_momo_client.mjs,
// paystack_sdk_client.mjs) share: their environment, a check that prints
// `ok <check>` or `FAIL <check>: <why>`, and the closing `passed N of M`
// with the exit status t_momo.c and t_paystack.c read.

// The environment variable name, or exit 2 (said as who) when unset.
export function env(who, name) {
	const v = process.env[name];
	if (!v) {
		console.error(`${who}: ${name} is not set`);
		process.exit(2);
	}
	return v;
}

// url, which must be on 127.0.0.1 (no test sends traffic elsewhere), as
// a URL; else exit 2.
export function onLoopback(who, name, url) {
	const u = new URL(url);
	if (u.hostname !== '127.0.0.1') {
		console.error(`${who}: ${name} must be on 127.0.0.1`);
		process.exit(2);
	}
	return u;
}

let passed = 0;
let total = 0;

export async function check(name, fn) {
	total++;
	try {
		await fn();
		passed++;
		console.log(`ok ${name}`);
	} catch (e) {
		console.log(`FAIL ${name}: ${e && e.message ? e.message : e}`);
	}
}

export function expect(cond, why) {
	if (!cond) throw new Error(why);
}

// `passed N of M`, then exit 0 only when every check passed.
export function finish() {
	console.log(`passed ${passed} of ${total}`);
	process.exit(passed === total ? 0 : 1);
}
