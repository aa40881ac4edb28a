// paystack_sdk_client.mjs: Paystack's own Node SDK (npm @paystack/paystack-sdk
// 1.2.0, written against Paystack's real API, not by us) pointed at the
// sandbox's Paystack simulator, as a new user would. If the SDK accepts
// our simulator as Paystack, the simulator speaks Paystack's protocol;
// t_paystack.c runs this and checks the database after.
//
// Two things are done to the SDK, neither to what it sends:
// - 1.2.0 as published does not load under Node (its ESM build imports
//   directories and extensionless files): a resolve hook
//   (paystack_sdk_hooks.mjs) finds `./apis` as ./apis/index.js.
// - It calls https://api.paystack.co, hard-coded: its https.request is
//   sent to PAYSTACK_BASE_URL instead (the same method, path and headers,
//   over http), and any other host is refused.
//
// Environment: PAYSTACK_BASE_URL (…/sim/paystack/TELECEL), PAYSTACK_SECRET_KEY
// (that network's), MSISDN_PREFIX (233 and 6 digits: local numbers are 0,
// those 6 and a 3-digit magic suffix), SETTLE_WAIT_MS (default 20 s).
// Prints `ok <check>` or `FAIL <check>: <why>` per check, `ref <kind>
// <reference>` for each reference it made, then `passed N of M`; exits 0
// only when every check passed.
import { register, createRequire, syncBuiltinESMExports } from 'node:module';
import { randomUUID } from 'node:crypto';
import { env as checksEnv, onLoopback, check, expect, finish } from './checks.mjs';

register('./paystack_sdk_hooks.mjs', import.meta.url);
const require = createRequire(import.meta.url);

const env = (name) => checksEnv('paystack_sdk_client', name);
const base = onLoopback('paystack_sdk_client', 'PAYSTACK_BASE_URL', env('PAYSTACK_BASE_URL'));
const key = env('PAYSTACK_SECRET_KEY');
const prefix = env('MSISDN_PREFIX');
const settleWait = Number(process.env.SETTLE_WAIT_MS || 20000);

// the SDK's https.request(BASE_PATH, options, callback), sent to the simulator
const https = require('node:https');
const http = require('node:http');
https.request = (url, options, callback) => {
	if (String(url) !== 'https://api.paystack.co')
		throw new Error(`paystack_sdk_client: refused a call to ${url}`);
	const path = base.pathname.replace(/\/$/, '') + options.path;
	return http.request({ host: '127.0.0.1', port: base.port, method: options.method,
		path, headers: options.headers }, callback);
};
syncBuiltinESMExports();
const { Paystack } = await import('@paystack/paystack-sdk');

// a Ghana number in Paystack's local form: 0, the prefix's 6 digits after
// the country code, and the magic suffix
const local = (suffix) => `0${prefix.slice(3, 9)}${suffix}`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// verify until it leaves the waiting states (the simulator settles in 5 s)
async function settled(fn, waiting) {
	const until = Date.now() + settleWait;
	for (;;) {
		const r = await fn();
		if (!r.status || !waiting.includes(r.data.status) || Date.now() > until)
			return r;
		await sleep(500);
	}
}

const paystack = new Paystack(key);
const bank = new URL(env('PAYSTACK_BASE_URL')).pathname.endsWith('/AIRTELTIGO') ? 'ATL' : 'VOD';
const provider = bank.toLowerCase();

await check('resolve: 101 is Ama Serwaa Boateng; 100 is not resolved', async () => {
	const r = await paystack.verification.resolveAccountNumber({ account_number: local(101),
		bank_code: bank });
	expect(r.status === true, `status ${r.status}: ${r.message}`);
	expect(r.data.account_name === 'Ama Serwaa Boateng', `name ${r.data.account_name}`);
	const n = await paystack.verification.resolveAccountNumber({ account_number: local(100),
		bank_code: bank });
	expect(n.status === false && /could not resolve/i.test(n.message), `100: ${n.message}`);
});

const recipients = {};
async function recipient(suffix) {
	if (recipients[suffix]) return recipients[suffix];
	const r = await paystack.transferrecipient.create({ type: 'mobile_money',
		name: `Sandbox ${suffix}`, account_number: local(suffix), bank_code: bank,
		currency: 'GHS' });
	expect(r.status === true, `recipient: ${r.message}`);
	expect(/^RCP_/.test(r.data.recipient_code), `code ${r.data.recipient_code}`);
	recipients[suffix] = r.data.recipient_code;
	return recipients[suffix];
}

await check('transfer recipient: made once per wallet', async () => {
	const a = await recipient(555);
	const again = await paystack.transferrecipient.create({ type: 'mobile_money',
		name: 'Sandbox 555', account_number: local(555), bank_code: bank, currency: 'GHS' });
	expect(again.data.recipient_code === a, 'a second code for the same wallet');
});

await check('transfer: queued, then success, amount in pesewas', async () => {
	const reference = randomUUID();
	const r = await paystack.transfer.initiate({ source: 'balance', amount: 1250,
		recipient: await recipient(555), reason: 'sdk transfer', currency: 'GHS', reference });
	expect(r.status === true && r.data.status === 'pending', `initiate: ${r.message}`);
	console.log(`ref transfer ${reference}`);
	const v = await settled(() => paystack.transfer.verify({ reference }), ['pending']);
	expect(v.status === true && v.data.status === 'success', `verify: ${v.data && v.data.status}`);
	expect(v.data.amount === 1250 && v.data.currency === 'GHS', `amount ${v.data.amount}`);
	expect(/^TRF_/.test(v.data.transfer_code), `transfer_code ${v.data.transfer_code}`);
});

await check('transfer 210: failed, with the reason in failures', async () => {
	const reference = randomUUID();
	const r = await paystack.transfer.initiate({ source: 'balance', amount: 700,
		recipient: await recipient(210), reason: 'sdk failed', currency: 'GHS', reference });
	expect(r.status === true, `initiate: ${r.message}`);
	console.log(`ref transfer-failed ${reference}`);
	const v = await settled(() => paystack.transfer.verify({ reference }), ['pending']);
	expect(v.data.status === 'failed', `verify: ${v.data.status}`);
	expect(/^PAYEE_NOT_FOUND: /.test(v.data.failures), `failures ${v.data.failures}`);
});

await check('transfer: a reused reference is refused as a duplicate', async () => {
	const reference = randomUUID();
	const body = { source: 'balance', amount: 100, recipient: await recipient(555),
		reason: 'once', currency: 'GHS', reference };
	expect((await paystack.transfer.initiate(body)).status === true, 'first');
	const again = await paystack.transfer.initiate(body);
	expect(again.status === false && /duplicate/i.test(again.message), `again: ${again.message}`);
});

await check('transfer verify: an unknown reference is not found', async () => {
	const v = await paystack.transfer.verify({ reference: randomUUID() });
	expect(v.status === false && /not found/i.test(v.message), `verify: ${v.message}`);
});

await check('charge: pay_offline, then success on verify', async () => {
	const reference = randomUUID();
	const r = await paystack.charge.create({ email: 'payer@example.com', amount: 500,
		currency: 'GHS', reference, mobile_money: { phone: local(556), provider } });
	expect(r.status === true && r.data.status === 'pay_offline', `charge: ${r.message}`);
	console.log(`ref charge ${reference}`);
	const v = await settled(() => paystack.transaction.verify({ reference }), ['ongoing']);
	expect(v.status === true && v.data.status === 'success', `verify: ${v.data.status}`);
	expect(v.data.amount === 500 && v.data.channel === 'mobile_money', `data ${JSON.stringify(v.data)}`);
});

await check('charge 300: rejected, the reason in gateway_response', async () => {
	const reference = randomUUID();
	const r = await paystack.charge.create({ email: 'payer@example.com', amount: 500,
		currency: 'GHS', reference, mobile_money: { phone: local(300), provider } });
	expect(r.status === true, `charge: ${r.message}`);
	console.log(`ref charge-rejected ${reference}`);
	const v = await settled(() => paystack.transaction.verify({ reference }), ['ongoing']);
	expect(v.data.status === 'failed' && /^APPROVAL_REJECTED: /.test(v.data.gateway_response),
		`verify: ${v.data.status} ${v.data.gateway_response}`);
});

await check('charge 303: the network asks for an OTP (send_otp)', async () => {
	const r = await paystack.charge.create({ email: 'payer@example.com', amount: 500,
		currency: 'GHS', reference: randomUUID(), mobile_money: { phone: local(303), provider } });
	expect(r.status === true && r.data.status === 'send_otp', `charge: ${r.data && r.data.status}`);
});

await check('balance: GHS in pesewas, an integer', async () => {
	const b = await paystack.balance.fetch();
	expect(b.status === true && Array.isArray(b.data), `balance: ${b.message}`);
	const ghs = b.data.find((x) => x.currency === 'GHS');
	expect(ghs && Number.isInteger(ghs.balance) && ghs.balance > 0, `GHS ${JSON.stringify(ghs)}`);
});

await check('a wrong secret key is refused', async () => {
	const r = await new Paystack('sk_test_wrong').balance.fetch();
	expect(r.status === false && /invalid key/i.test(r.message), `answer: ${r.message}`);
});

finish();
