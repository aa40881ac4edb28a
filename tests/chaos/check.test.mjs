// The chaos checker's own tests (issue 39): histories and final states
// built by hand, each with one anomaly the checker must report (and a
// clean one it must pass). Run by `make check` (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, units } from '../../tools/chaos/check.mjs';

// A clean run: a withdrawal of 10 USDT acknowledged, moved from the
// partner's account to the payouts' clearing account; the partner's
// client read its balance before and after.
function clean() {
	const w = { process: 'p1', key: 'k-wd-1', op: 'withdrawal', account: 'pt_1', currency: 'USDT', amount: '-10' };
	return {
		history: [
			{ type: 'invoke', process: 'p1', key: 'r1', op: 'read' },
			{ type: 'ok', process: 'p1', key: 'r1', op: 'read', read: { account: 'pt_1', currency: 'USDT', balance: '100', version: 1 } },
			{ type: 'invoke', ...w },
			{ type: 'ok', ...w },
			{ type: 'fault', kind: 'kill-node', node: 2 },
			{ type: 'invoke', process: 'p1', key: 'r2', op: 'read' },
			{ type: 'ok', process: 'p1', key: 'r2', op: 'read', read: { account: 'pt_1', currency: 'USDT', balance: '90', version: 2 } },
		],
		state: {
			accounts: [
				{ account: 'pt_1', currency: 'USDT', opening: '100', balance: '90' },
				{ account: 'clearing', currency: 'USDT', opening: '0', balance: '10' },
			],
			entries: [
				{ transaction: 't1', account: 'pt_1', currency: 'USDT', amount: '-10' },
				{ transaction: 't1', account: 'clearing', currency: 'USDT', amount: '10' },
			],
			applied: [
				{ key: 'k-wd-1', account: 'pt_1', currency: 'USDT', amount: '-10.000000' },
				{ key: 'k-wd-1-clearing', account: 'clearing', currency: 'USDT', amount: '10' },
			],
			sends: [{ reference: 'ref-1', payout: 'po_1', sends: 1, phone: '+233241234555' }],
			mined: [{ hash: '0xaa' }],
			stored: [{ hash: '0xaa' }],
		},
	};
}

const names = (r) => r.anomalies.map((a) => a.invariant).sort();

test('decimals are exact: 18 places, signs, malformed refused', () => {
	assert.equal(units('-10'), -10n * 10n ** 18n);
	assert.equal(units('0.000000000000000001'), 1n);
	assert.equal(units('10.5') - units('10.4'), 10n ** 17n);
	assert.throws(() => units('1e3'));
	assert.throws(() => units('0.1234567890123456789'));
});

test('a clean history: no anomaly, every invariant checked', () => {
	const { history, state } = clean();
	const r = check(history, state);
	assert.deepEqual(r.anomalies, []);
	for (const n of ['acknowledged-once', 'ledger-balanced', 'balance-is-entries', 'no-lost-update',
		'monotonic-reads', 'payout-sent-once', 'mined-stored-once'])
		assert.ok(r.counts[n].checks > 0, `${n} checked`);
});

test('a lost acknowledged withdrawal is reported, with its operation', () => {
	const { history, state } = clean();
	state.applied = state.applied.filter((a) => !a.key.startsWith('k-wd-1'));
	state.accounts[0].balance = '100';
	state.entries = [];
	state.accounts[1].balance = '0';
	const r = check(history, state);
	assert.deepEqual(names(r), ['acknowledged-once']);
	assert.equal(r.anomalies[0].operation.key, 'k-wd-1');
});

test('an acknowledged amount other than the one applied is reported', () => {
	const { history, state } = clean();
	state.applied[0].amount = '-1';
	const r = check(history, state);
	assert.ok(names(r).includes('acknowledged-once'));
});

test('an operation of unknown outcome applied twice is reported', () => {
	const { history, state } = clean();
	const u = { process: 'p2', key: 'k-cv-9', op: 'conversion', account: 'pt_1', currency: 'USDT', amount: '-5' };
	history.push({ type: 'invoke', ...u }, { type: 'info', ...u, error: 'timeout' });
	state.applied.push({ key: 'k-cv-9', account: 'pt_1', currency: 'USDT', amount: '-5' },
		{ key: 'k-cv-9', account: 'pt_1', currency: 'USDT', amount: '-5' });
	state.accounts[0].balance = '80';
	state.accounts[1].balance = '20';
	state.entries.push({ transaction: 't2', account: 'pt_1', currency: 'USDT', amount: '-10' },
		{ transaction: 't2', account: 'clearing', currency: 'USDT', amount: '10' });
	state.applied.push({ key: 'k-cv-9-clearing', account: 'clearing', currency: 'USDT', amount: '10' });
	const r = check(history, state);
	assert.deepEqual(names(r), ['unknown-at-most-once']);
	assert.equal(r.anomalies[0].applied.length, 2);
});

test('an operation of unknown outcome applied once is no anomaly', () => {
	const { history, state } = clean();
	const u = { process: 'p2', key: 'k-cv-8', op: 'conversion', account: 'pt_1', currency: 'USDT', amount: '-5' };
	history.push({ type: 'invoke', ...u }, { type: 'info', ...u, error: 'connection lost' });
	const r = check(history, state);
	assert.deepEqual(r.anomalies, []);
	assert.equal(r.counts['unknown-at-most-once'].checks, 1);
});

test('a refused operation that was applied is reported', () => {
	const { history, state } = clean();
	const f = { process: 'p3', key: 'k-wd-7', op: 'withdrawal', account: 'pt_1', currency: 'USDT', amount: '-1' };
	history.push({ type: 'invoke', ...f }, { type: 'fail', ...f, status: 422 });
	state.applied.push({ key: 'k-wd-7', account: 'pt_1', currency: 'USDT', amount: '-1' });
	const r = check(history, state);
	assert.ok(names(r).includes('failed-not-applied'));
});

test('a read older than one the same client saw is reported', () => {
	const { history, state } = clean();
	history.push({ type: 'invoke', process: 'p1', key: 'r3', op: 'read' },
		{ type: 'ok', process: 'p1', key: 'r3', op: 'read', node: 2,
			read: { account: 'pt_1', currency: 'USDT', balance: '100', version: 1 } });
	const r = check(history, state);
	assert.deepEqual(names(r), ['monotonic-reads']);
	assert.equal(r.anomalies[0].earlier.key, 'r2');
	assert.equal(r.anomalies[0].later.key, 'r3');
});

test('another client reading an older state is not a violation of this one\'s order', () => {
	const { history, state } = clean();
	history.push({ type: 'ok', process: 'p9', key: 'r9', op: 'read',
		read: { account: 'pt_1', currency: 'USDT', balance: '100', version: 1 } });
	assert.deepEqual(check(history, state).anomalies, []);
});

test('a balance that differs from its entries is reported (and as a lost update)', () => {
	const { history, state } = clean();
	state.accounts[0].balance = '95';
	const r = check(history, state);
	assert.deepEqual(names(r), ['balance-is-entries', 'no-lost-update']);
	assert.equal(r.anomalies[0].account, 'pt_1/USDT');
});

test('a lost update: balance and entries agree, the operations do not', () => {
	const { history, state } = clean();
	// a second acknowledged debit applied, its effect overwritten
	const w = { process: 'p4', key: 'k-wd-2', op: 'withdrawal', account: 'pt_1', currency: 'USDT', amount: '-20' };
	history.push({ type: 'invoke', ...w }, { type: 'ok', ...w });
	state.applied.push({ key: 'k-wd-2', account: 'pt_1', currency: 'USDT', amount: '-20' });
	const r = check(history, state);
	assert.deepEqual(names(r), ['no-lost-update']);
});

test('an unbalanced ledger transaction is reported', () => {
	const { history, state } = clean();
	state.entries[1].amount = '9';
	state.accounts[1].balance = '9';
	state.applied[1].amount = '9';
	const r = check(history, state);
	assert.ok(names(r).includes('ledger-balanced'));
});

test('a negative balance is reported unless the account may go below zero', () => {
	const { history, state } = clean();
	state.accounts.push({ account: 'pt_2', currency: 'USDT', opening: '-1', balance: '-1' });
	assert.deepEqual(names(check(history, state)), ['no-negative-balance']);
	state.accounts[2].may_be_negative = true;
	assert.deepEqual(check(history, state).anomalies, []);
});

test('a reference sent twice is reported, but the documented 205', () => {
	const { history, state } = clean();
	state.sends[0].sends = 2;
	assert.deepEqual(names(check(history, state)), ['payout-sent-once']);
	state.sends[0].phone = '+233241234205';
	assert.deepEqual(check(history, state).anomalies, []);
	state.sends.push({ reference: 'ref-1', payout: 'po_2', sends: 1, phone: '+233241234555' });
	assert.deepEqual(names(check(history, state)), ['payout-sent-once']);
});

test('a mined transaction the service never stored, or stored twice, is reported', () => {
	const { history, state } = clean();
	state.mined.push({ hash: '0xbb' });
	assert.deepEqual(names(check(history, state)), ['mined-stored-once']);
	state.stored.push({ hash: '0xbb' }, { hash: '0xbb' });
	assert.deepEqual(names(check(history, state)), ['mined-stored-once']);
});
