// check.mjs HISTORY STATE: the chaos run's checker (issue 39), apart from
// lib/ and trusting none of the service's code. HISTORY is the run's
// history (JSON lines); STATE the database's final state, read after every
// fault healed (JSON). Prints each anomaly with the operations involved,
// then a line per invariant (checks, violations); exits 1 on any anomaly,
// 2 on bad input.
//
// The history: one object a line. An operation is an "invoke" line, then
// one "ok" (acknowledged: a 2xx), "fail" (refused: nothing may have
// happened) or "info" (outcome unknown: a timeout, a lost connection) line
// with the same "process" and "key" (its idempotency key). Money
// operations carry "account", "currency" and "amount" (a signed decimal
// string: what they move on that account). Reads carry "read": {account,
// currency, balance, version}. Fault lines have type "fault".
//
// The state: {accounts: [{account, currency, opening, balance}],
// entries: [{transaction, account, currency, amount}], applied: [{key,
// account, currency, amount}] (each money operation the database holds,
// by its idempotency key), sends: [{reference, payout, sends, phone}],
// mined: [{hash}], stored: [{hash}]}.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const SCALE = 18;

// A decimal string as a BigInt of 10^-18 units; throws when malformed.
export function units(text) {
	const m = /^(-?)(\d+)(?:\.(\d{1,18}))?$/.exec(String(text));
	if (!m)
		throw new Error(`not a decimal: ${JSON.stringify(text)}`);
	const v = BigInt(m[2] + (m[3] || '').padEnd(SCALE, '0'));
	return m[1] ? -v : v;
}

const accountKey = (a, c) => `${a}/${c}`;

// Every invariant's name, in the report's order.
export const INVARIANTS = ['acknowledged-once', 'unknown-at-most-once', 'failed-not-applied',
	'ledger-balanced', 'balance-is-entries', 'no-negative-balance', 'no-lost-update',
	'monotonic-reads', 'payout-sent-once', 'mined-stored-once'];

export function check(history, state) {
	const counts = Object.fromEntries(INVARIANTS.map((n) => [n, { checks: 0, violations: 0 }]));
	const anomalies = [];
	const verdict = (name, ok, what) => {
		counts[name].checks++;
		if (!ok) {
			counts[name].violations++;
			anomalies.push({ invariant: name, ...what });
		}
	};
	// each operation's outcome, by key
	const outcome = new Map();
	for (const h of history)
		if (h.type === 'ok' || h.type === 'fail' || h.type === 'info')
			outcome.set(h.key, h);
	const applied = new Map();
	for (const a of state.applied || []) {
		const list = applied.get(a.key) || [];
		list.push(a);
		applied.set(a.key, list);
	}
	for (const [key, h] of outcome) {
		if (h.amount === undefined)
			continue; // a read
		const rows = applied.get(key) || [];
		if (h.type === 'ok')
			verdict('acknowledged-once', rows.length === 1 && units(rows[0].amount) === units(h.amount) &&
				rows[0].account === h.account, { operation: h, applied: rows });
		else if (h.type === 'info')
			verdict('unknown-at-most-once', rows.length <= 1, { operation: h, applied: rows });
		else
			verdict('failed-not-applied', rows.length === 0, { operation: h, applied: rows });
	}
	// double entry: each transaction, and each currency, sums to zero
	const byTx = new Map(), byCurrency = new Map(), byAccount = new Map();
	for (const e of state.entries || []) {
		const v = units(e.amount), t = `${e.transaction}/${e.currency}`, k = accountKey(e.account, e.currency);
		byTx.set(t, (byTx.get(t) || 0n) + v);
		byCurrency.set(e.currency, (byCurrency.get(e.currency) || 0n) + v);
		byAccount.set(k, (byAccount.get(k) || 0n) + v);
	}
	for (const [t, sum] of byTx)
		verdict('ledger-balanced', sum === 0n, { transaction: t, sum: String(sum) });
	for (const [c, sum] of byCurrency)
		verdict('ledger-balanced', sum === 0n, { currency: c, sum: String(sum) });
	// balances: their entries, never below zero, and their opening plus
	// what the applied operations moved (a lost update shows here)
	const moved = new Map();
	for (const a of state.applied || []) {
		const k = accountKey(a.account, a.currency);
		moved.set(k, (moved.get(k) || 0n) + units(a.amount));
	}
	for (const a of state.accounts || []) {
		const k = accountKey(a.account, a.currency), balance = units(a.balance);
		verdict('balance-is-entries', balance === units(a.opening) + (byAccount.get(k) || 0n),
			{ account: k, balance: a.balance, opening: a.opening, entries: String(byAccount.get(k) || 0n) });
		if (a.may_be_negative !== true)
			verdict('no-negative-balance', balance >= 0n, { account: k, balance: a.balance });
		verdict('no-lost-update', balance === units(a.opening) + (moved.get(k) || 0n),
			{ account: k, balance: a.balance, opening: a.opening, moved: String(moved.get(k) || 0n) });
	}
	// each client's reads never go back: a version it saw (or wrote) is
	// never followed by an older one
	const seen = new Map();
	for (const h of history) {
		if (h.type !== 'ok' || !h.read)
			continue;
		const k = `${h.process} ${accountKey(h.read.account, h.read.currency)}`;
		const before = seen.get(k);
		verdict('monotonic-reads', before === undefined || h.read.version >= before.read.version,
			{ process: h.process, account: accountKey(h.read.account, h.read.currency), earlier: before, later: h });
		if (before === undefined || h.read.version > before.read.version)
			seen.set(k, h);
	}
	// the provider's own send ledger: each reference one payout's, sent
	// once (twice for the simulator's documented 205: its first send lost)
	const refs = new Map();
	for (const s of state.sends || [])
		refs.set(s.reference, [...(refs.get(s.reference) || []), s]);
	for (const [ref, rows] of refs)
		verdict('payout-sent-once', rows.length === 1 && rows[0].payout &&
			rows[0].sends === (String(rows[0].phone).endsWith('205') ? 2 : 1), { reference: ref, rows });
	// each transaction the chain mined is one the service stored
	const stored = new Map();
	for (const s of state.stored || [])
		stored.set(s.hash, (stored.get(s.hash) || 0) + 1);
	for (const m of state.mined || [])
		verdict('mined-stored-once', stored.get(m.hash) === 1, { hash: m.hash, stored: stored.get(m.hash) || 0 });
	return { anomalies, counts };
}

function main(argv) {
	if (argv.length !== 2) {
		process.stderr.write('usage: node tools/chaos/check.mjs HISTORY STATE\n');
		return 2;
	}
	let history, state;
	try {
		history = readFileSync(argv[0], 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
		state = JSON.parse(readFileSync(argv[1], 'utf8'));
	} catch (e) {
		process.stderr.write(`check: ${e.message}\n`);
		return 2;
	}
	const { anomalies, counts } = check(history, state);
	for (const a of anomalies)
		process.stdout.write(`ANOMALY ${JSON.stringify(a)}\n`);
	for (const n of INVARIANTS)
		process.stdout.write(`${n}: ${counts[n].checks} checks, ${counts[n].violations} violations\n`);
	return anomalies.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href)
	process.exitCode = main(process.argv.slice(2));
