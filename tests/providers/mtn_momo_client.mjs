// mtn_momo_client.mjs: the npm `mtn-momo` client (written against MTN's
// real MoMo API, not by us) pointed at the sandbox simulator, as a new
// user would. If the client accepts our simulator as MTN, the simulator
// speaks MTN's protocol; t_momo.c runs this and checks the database after.
//
// Environment: MOMO_BASE_URL (…/sim/momo/MTN), MOMO_API_USER, MOMO_API_KEY,
// MOMO_SUBSCRIPTION_KEY, MOMO_CALLBACK_BASE (providers.momo.callback_base),
// MSISDN_PREFIX (9 digits: numbers are the prefix + a 3-digit magic suffix).
// Prints `ok <check>` or `FAIL <check>: <why>` per check, `ref <kind>
// <uuid>` for each reference it made, then `passed N of M`; exits 0 only
// when every check passed. Every URL it calls is MOMO_BASE_URL's, which
// must be on 127.0.0.1.
import momo from 'mtn-momo';
import { env as checksEnv, onLoopback, check, expect, finish } from './checks.mjs';

const env = (name) => checksEnv('mtn_momo_client', name);
const base = env('MOMO_BASE_URL');
onLoopback('mtn_momo_client', 'MOMO_BASE_URL', base);
const user = env('MOMO_API_USER');
const key = env('MOMO_API_KEY');
const primaryKey = env('MOMO_SUBSCRIPTION_KEY');
const callbackBase = env('MOMO_CALLBACK_BASE');
const callbackToken = env('MOMO_CALLBACK_TOKEN');
const prefix = env('MSISDN_PREFIX');
const callbackUrl = `${callbackBase}/v1/providers/momo/MTN/callback/${callbackToken}`;
const msisdn = (suffix) => `${prefix}${suffix}`;

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const AMOUNT = /^\d+\.\d{2}$/;

// the client validates what MTN issues: a UUID v4 user (it throws otherwise)
let client;
await check('create: the sandbox API user is a UUID v4 the client accepts', async () => {
	client = momo.create({ callbackHost: new URL(callbackBase).host, baseUrl: base,
		environment: 'sandbox' });
	expect(UUID4.test(user), `api user ${user} is not a UUID v4`);
	expect(/^[0-9a-f]{32}$/.test(key), 'api key is not 32 hex digits');
});
const creds = { userId: user, userSecret: key, primaryKey };
const disb = client.Disbursements(creds);
const coll = client.Collections(creds);

await check('disbursement balance: {availableBalance, currency GHS}', async () => {
	const b = await disb.getBalance();
	expect(AMOUNT.test(b.availableBalance), `availableBalance ${b.availableBalance}`);
	expect(b.currency === 'GHS', `currency ${b.currency}`);
});
await check('disbursement accountholder active: 555 true, 100 false', async () => {
	expect((await disb.isPayerActive(msisdn(555))) === true, '555 is not active');
	expect((await disb.isPayerActive(msisdn(100))) === false, '100 is active');
});
await check('transfer, then its status SUCCESSFUL', async () => {
	const ref = await disb.transfer({ amount: '12.50', currency: 'GHS',
		externalId: 'mtn-client-transfer', payee: { partyIdType: 'MSISDN',
			partyId: msisdn(555) }, payerMessage: 'from the npm client',
		payeeNote: 'thanks', callbackUrl });
	expect(UUID4.test(ref), `reference ${ref}`);
	console.log(`ref transfer ${ref}`);
	const t = await disb.getTransaction(ref);
	expect(t.status === 'SUCCESSFUL', `status ${t.status}`);
	expect(t.amount === '12.50' && t.currency === 'GHS', `amount ${t.amount} ${t.currency}`);
	expect(/^\d{10}$/.test(t.financialTransactionId), 'financialTransactionId');
	expect(t.payee && t.payee.partyId === msisdn(555), 'payee');
});
await check('a failed transfer (210) rejects with its transaction and reason', async () => {
	const ref = await disb.transfer({ amount: '3.00', currency: 'GHS',
		externalId: 'mtn-client-failed', payee: { partyIdType: 'MSISDN',
			partyId: msisdn(210) }, payerMessage: 'x', payeeNote: 'x' });
	console.log(`ref transfer-failed ${ref}`);
	let err;
	try {
		await disb.getTransaction(ref);
	} catch (e) {
		err = e;
	}
	expect(err instanceof momo.MtnMoMoError, `no MtnMoMoError: ${err}`);
	expect(err.transaction && err.transaction.status === 'FAILED', 'transaction FAILED');
	const code = err.transaction.reason && (err.transaction.reason.code || err.transaction.reason);
	expect(code === 'PAYEE_NOT_FOUND', `reason ${JSON.stringify(err.transaction.reason)}`);
});
await check('a callback URL off the registered host: InvalidCallbackUrlHostError', async () => {
	let err;
	try {
		await disb.transfer({ amount: '1.00', currency: 'GHS', externalId: 'x',
			payee: { partyIdType: 'MSISDN', partyId: msisdn(555) }, payerMessage: 'x',
			payeeNote: 'x', callbackUrl: 'http://callbacks.example.net/momo' });
	} catch (e) {
		err = e;
	}
	expect(err && err.name === 'InvalidCallbackUrlHostError', `got ${err && err.name}`);
});
await check('request to pay, then its status SUCCESSFUL', async () => {
	const ref = await coll.requestToPay({ amount: '5', currency: 'GHS',
		externalId: 'mtn-client-rtp', payer: { partyIdType: 'MSISDN',
			partyId: msisdn(555) }, payerMessage: 'pay', payeeNote: 'paid', callbackUrl });
	expect(UUID4.test(ref), `reference ${ref}`);
	console.log(`ref rtp ${ref}`);
	const t = await coll.getTransaction(ref);
	expect(t.status === 'SUCCESSFUL', `status ${t.status}`);
	expect(t.amount === '5.00', `amount ${t.amount}`);
});
await check('a rejected request to pay (300): ApprovalRejectedError', async () => {
	const ref = await coll.requestToPay({ amount: '2.00', currency: 'GHS',
		externalId: 'mtn-client-rejected', payer: { partyIdType: 'MSISDN',
			partyId: msisdn(300) }, payerMessage: 'x', payeeNote: 'x' });
	console.log(`ref rtp-rejected ${ref}`);
	let err;
	try {
		await coll.getTransaction(ref);
	} catch (e) {
		err = e;
	}
	expect(err && err.name === 'ApprovalRejectedError', `got ${err && err.name}`);
});
await check('collection balance and accountholder active', async () => {
	const b = await coll.getBalance();
	expect(AMOUNT.test(b.availableBalance) && b.currency === 'GHS', JSON.stringify(b));
	// (this client's collections answer is the body, and its default id
	// type "MSISDN", unlike its disbursements: the simulator takes both)
	const a = await coll.isPayerActive(msisdn(555));
	expect(a && a.result === true, `555: ${JSON.stringify(a)}`);
});
await check('a wrong API key gets no token', async () => {
	const bad = client.Disbursements({ userId: user, userSecret: 'f'.repeat(32), primaryKey });
	let err;
	try {
		await bad.getBalance();
	} catch (e) {
		err = e;
	}
	expect(err !== undefined, 'a wrong key was accepted');
});
finish();
