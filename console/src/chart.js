// The overview's chart of the last 30 days: withdrawals and collections a
// day, as counts and as GHS, drawn as inline SVG by this file (no chart
// library). Each drawing is an image to assistive technology (role="img")
// whose label says what it shows in words; the same numbers are in a
// table beside it. Amounts are the API's decimal strings: they become
// numbers only to size the bars; any text shows the strings, and totals
// are summed exactly (sumDecimal), never through floating point.
import { html } from 'htm/preact';

export const DAYS = 30;

// "YYYY-MM-DD" of a time in ms (UTC).
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);

// The last DAYS days of the API's last_30_days (a row only for a day with
// any), a row for every day: oldest first, ending today (UTC) or at the
// API's last day if that is later (a client's clock behind the server's);
// a day without a row has counts 0 and amounts "0.00".
export function fillDays(rows, now = Date.now()) {
	const byDate = new Map(rows.map((r) => [r.date, r]));
	let last = dayOf(now);
	for (const r of rows)
		if (r.date > last)
			last = r.date;
	const end = Date.parse(last + 'T00:00:00Z');
	const none = { count: 0, ghs: '0.00' };
	const out = [];
	for (let i = DAYS - 1; i >= 0; i--) {
		const date = dayOf(end - i * 86400000);
		const r = byDate.get(date);
		out.push({ date, withdrawals: (r && r.withdrawals) || none, collections: (r && r.collections) || none });
	}
	return out;
}

// The exact sum of decimal strings ("12.50", "3"), with as many decimals
// as the longest; null when one of them is not a plain decimal.
export function sumDecimal(values) {
	let scale = 0;
	for (const v of values) {
		const m = /^-?\d+(?:\.(\d+))?$/.exec(String(v));
		if (!m)
			return null;
		scale = Math.max(scale, m[1] ? m[1].length : 0);
	}
	let total = 0n;
	for (const v of values) {
		const [int, frac = ''] = String(v).replace('-', '').split('.');
		const n = BigInt(int + frac.padEnd(scale, '0'));
		total += String(v).startsWith('-') ? -n : n;
	}
	const neg = total < 0n;
	const digits = (neg ? -total : total).toString().padStart(scale + 1, '0');
	const int = digits.slice(0, digits.length - scale);
	return (neg ? '-' : '') + (scale ? `${int}.${digits.slice(-scale)}` : int);
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// The day of days whose pick(day) is largest by Number (the first such),
// or null when every one is 0.
function busiest(days, pick) {
	let best = null;
	for (const d of days)
		if (Number(pick(d)) > 0 && (best === null || Number(pick(d)) > Number(pick(best))))
			best = d;
	return best;
}

// What each drawing shows, in words: [label of the counts, label of GHS].
function summaries(days) {
	const span = `${days[0].date} to ${days[days.length - 1].date}`;
	const w = days.reduce((n, d) => n + d.withdrawals.count, 0);
	const c = days.reduce((n, d) => n + d.collections.count, 0);
	const most = (pick, say) => {
		const d = busiest(days, pick);
		return d ? `; the most in a day: ${say(d)} on ${d.date}` : '';
	};
	const counts = `Withdrawals and collections a day, ${span}: ${plural(w, 'withdrawal', 'withdrawals')} and ` +
		`${plural(c, 'collection', 'collections')} in all` +
		most((d) => d.withdrawals.count, (d) => plural(d.withdrawals.count, 'withdrawal', 'withdrawals')) +
		most((d) => d.collections.count, (d) => plural(d.collections.count, 'collection', 'collections')) + '.';
	const wg = sumDecimal(days.map((d) => d.withdrawals.ghs));
	const cg = sumDecimal(days.map((d) => d.collections.ghs));
	const amounts = `GHS a day, ${span}: ` +
		(wg !== null && cg !== null ? `GHS ${wg} paid out in withdrawals and GHS ${cg} collected in all` :
			'withdrawals paid out and collections received') +
		most((d) => d.withdrawals.ghs, (d) => `GHS ${d.withdrawals.ghs} paid out`) +
		most((d) => d.collections.ghs, (d) => `GHS ${d.collections.ghs} collected`) + '.';
	return [counts, amounts];
}

// The drawing's frame, in SVG units.
const W = 640, H = 190, LEFT = 56, RIGHT = 8, TOP = 12, BOTTOM = 26;
const PLOT_W = W - LEFT - RIGHT, PLOT_H = H - TOP - BOTTOM;

// One bar chart of days: two bars a day, pick(day) giving [withdrawals,
// collections] as strings or numbers; top is the text of the largest
// value (the axis' only number besides 0); label the words for it.
function Bars({ id, days, pick, label }) {
	const values = days.map(pick);
	let top = 0, topText = '0';
	for (const pair of values)
		for (const v of pair)
			if (Number(v) > top) {
				top = Number(v);
				topText = String(v);
			}
	const slot = PLOT_W / days.length;
	const bar = slot * 0.38;
	const y = (v) => TOP + PLOT_H - (top > 0 ? (Number(v) / top) * PLOT_H : 0);
	const height = (v) => (Number(v) > 0 ? Math.max(TOP + PLOT_H - y(v), 1) : 0);
	const ticks = [0, Math.floor(days.length / 2), days.length - 1];
	return html`<svg id=${id} class="chart" viewBox=${`0 0 ${W} ${H}`} role="img" aria-label=${label}
		preserveAspectRatio="xMinYMin meet">
		<line class="axis" x1=${LEFT} y1=${TOP + PLOT_H} x2=${W - RIGHT} y2=${TOP + PLOT_H} />
		<line class="grid" x1=${LEFT} y1=${TOP} x2=${W - RIGHT} y2=${TOP} />
		<text class="tick" x=${LEFT - 6} y=${TOP + 4} text-anchor="end">${topText}</text>
		<text class="tick" x=${LEFT - 6} y=${TOP + PLOT_H + 4} text-anchor="end">0</text>
		${values.map(([w, c], i) => html`<g key=${days[i].date}>
			<rect class="bar-withdrawals" x=${LEFT + i * slot + slot * 0.1} y=${y(w)} width=${bar}
				height=${height(w)} />
			<rect class="bar-collections" x=${LEFT + i * slot + slot * 0.1 + bar} y=${y(c)} width=${bar}
				height=${height(c)} />
		</g>`)}
		${ticks.map((i) => html`<text key=${i} class="tick" x=${LEFT + i * slot + slot / 2} y=${H - 8}
			text-anchor="middle">${days[i].date.slice(5)}</text>`)}
	</svg>`;
}

// The last 30 days (days as fillDays makes them): the two drawings with
// their legend, and the numbers as a table under "The numbers".
export function ActivityChart({ days }) {
	const [counts, amounts] = summaries(days);
	return html`<figure class="activity" aria-labelledby="activity-caption">
		<figcaption id="activity-caption">Withdrawals and collections, the last ${days.length} days (UTC)</figcaption>
		<ul class="legend">
			<li><span class="swatch swatch-withdrawals" aria-hidden="true"></span>Withdrawals (GHS paid out)</li>
			<li><span class="swatch swatch-collections" aria-hidden="true"></span>Collections (GHS collected)</li>
		</ul>
		<h3 class="chart-title">How many a day</h3>
		<${Bars} id="chart-counts" days=${days} label=${counts}
			pick=${(d) => [d.withdrawals.count, d.collections.count]} />
		<h3 class="chart-title">GHS a day</h3>
		<${Bars} id="chart-ghs" days=${days} label=${amounts}
			pick=${(d) => [d.withdrawals.ghs, d.collections.ghs]} />
		<details class="numbers">
			<summary>The numbers</summary>
			<div class="table-wrap"><table id="chart-numbers">
				<caption>Withdrawals and collections a day, oldest first</caption>
				<thead><tr>
					<th scope="col">Day</th><th scope="col">Withdrawals</th><th scope="col">Paid out (GHS)</th>
					<th scope="col">Collections</th><th scope="col">Collected (GHS)</th>
				</tr></thead>
				<tbody>${days.map((d) => html`<tr key=${d.date}>
					<th scope="row"><time datetime=${d.date}>${d.date}</time></th>
					<td>${d.withdrawals.count}</td><td>${d.withdrawals.ghs}</td>
					<td>${d.collections.count}</td><td>${d.collections.ghs}</td>
				</tr>`)}</tbody>
			</table></div>
		</details>
	</figure>`;
}
