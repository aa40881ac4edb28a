// Developers -> Webhooks (docs/webhooks.md): the partner's endpoints;
// adding one (its signing secret shown once), sending one a test event,
// editing its events, disabling one (a confirm step) and enabling it again,
// rotating its secret (the previous one kept for no time, an hour or a
// day; the new one shown once), deleting one after a confirm step; the
// delivery log a page at a time, filtered by endpoint; and one event: its
// payload, each endpoint's delivery with its attempts, and Redeliver.
// The same pages serve the platform's wallet developer (Wallet webhooks,
// docs/console.md "The wallet developer dashboard"): each takes a kind,
// PARTNER_HOOKS or WALLET_HOOKS, which names the API it calls, the route
// of its event pages and the event types an endpoint may take.
// Adding and rotating need a recent password (the prompt of
// useSensitive). URLs, payloads and error texts are the partner's or its
// receiver's: all of it is rendered as text.
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { call, query } from './api.js';
import { useSensitive } from './auth.js';
import { ChoiceForm, Confirm, Details, ErrorNote, Field, Loading, PageTitle, Pager, ShownOnce, Status, StatusNote,
	SubmitCancel, When, useLoad } from './ui.js';

const PER_PAGE = 25;
const WHY = 'Adding or changing an endpoint, or rotating its secret, needs your password from the last five minutes.';

// A kind of webhooks: base, the console API's prefix of its calls; route,
// the page's route (its events' pages under route/deliveries/); title, the
// page's; groups, the event types an endpoint may take, by what they are
// about ([legend, types]); types, all of them in order; intro(), what
// the page says first; posted, what an event's page says of its payload.
function kind(base, route, title, groups, intro, posted) {
	return { base, route, title, groups, types: groups.flatMap(([, types]) => types), intro, posted };
}

// A partner's webhooks (the webhooks action).
export const PARTNER_HOOKS = kind('/console/api', '#/webhooks', 'Webhooks', [
	['Withdrawal events', ['withdrawal.pending', 'withdrawal.processing', 'withdrawal.completed',
		'withdrawal.failed', 'withdrawal.cancelled']],
	['Payment intent events', ['payment_intent.pending_approval', 'payment_intent.approved',
		'payment_intent.completed', 'payment_intent.rejected', 'payment_intent.cancelled',
		'payment_intent.expired', 'payment_intent.failed']],
], () => html`<p>cediramp posts each event an endpoint takes to its URL, signed with the endpoint's secret, and
	tries again until the receiver answers 2xx.</p>`, 'The event as each delivery posts it.');

// The platform's wallet webhooks (the wallet action): a wallet user's payouts.
export const WALLET_HOOKS = kind('/console/api/wallet', '#/wallet/webhooks', 'Wallet webhooks', [
	['Payout events', ['payout.completed', 'payout.failed']],
], () => html`<p id="wallet-hooks-intro">These endpoints receive every wallet user's <code>payout.completed</code> and
	${' '}<code>payout.failed</code> in the wallet contract's form (<code>{event, id, timestamp, data,
	signature}</code>: the signature, made with the endpoint's secret, is inside the body). A wallet user
	with an endpoint of its own, set by an operator, gets its events there instead: that one wins.</p>
	<p>cediramp tries each delivery again until the receiver answers 2xx.</p>`,
'The event as cediramp keeps it; each delivery posts its event, id, timestamp and data, and the signature.');

// How long the previous secret keeps working after a rotation: [seconds, said].
const OVERLAPS = [[86400, '24 hours'], [3600, '1 hour'], [0, 'no time: it stops now']];

const hookPath = (k, id) => `${k.base}/webhooks/${encodeURIComponent(id)}`;
const eventPath = (k, id) => `${k.base}/webhook-deliveries/${encodeURIComponent(id)}`;
const eventRoute = (k, id) => `${k.route}/deliveries/${encodeURIComponent(id)}`;

// A signing secret the server made ({url, secret}), shown once; target is
// the id of its text.
function SigningSecret({ made, title, target }) {
	return html`<${ShownOnce} title=${title} target=${target} lead="This is the only time the signing secret is shown."
		rest="Give it to your receiver now: it checks each event's signature with it. Lost, rotate the secret to have another."
		copy=${made.secret} copyLabel="Copy the signing secret">
		<${Details} rows=${[['Endpoint', html`<span class="url">${made.url}</span>`],
			['Signing secret', html`<code id=${target} class="key">${made.secret}</code>`]]} />
	<//>`;
}

// A box for each event type of k, grouped, ticked for those in events;
// onTick(type, on) on a change. prefix starts the boxes' ids (the add
// form's and each endpoint's edit form's differ).
function EventBoxes({ k, prefix, events, onTick }) {
	return k.groups.map(([legend, types]) => html`<fieldset class="events" key=${legend}>
		<legend>${legend}</legend>
		${types.map((t) => html`<div class="check" key=${t}>
			<input type="checkbox" id=${prefix + t.replace('.', '-')} checked=${events.includes(t)}
				onChange=${(e) => onTick(t, e.currentTarget.checked)} />
			<label for=${prefix + t.replace('.', '-')}>${t}</label>
		</div>`)}
	</fieldset>`);
}

// list with type added (on) or taken out, in the order of k's types.
const ticked = (k, list, type, on) => k.types.filter((t) => (t === type ? on : list.includes(t)));

// Adds an endpoint of k: its URL and the events it takes; the secret the
// server made is shown above the form. onAdded() once it is.
function AddEndpoint({ k, onAdded }) {
	const [url, setUrl] = useState('');
	const [events, setEvents] = useState([]);
	const [made, setMade] = useState(null);
	const act = useSensitive(WHY, 'reauth-add');
	const busy = act.busy || act.waiting;
	function tick(type, on) {
		setEvents((list) => ticked(k, list, type, on));
	}
	function submit(e) {
		e.preventDefault();
		if (busy)
			return;
		const body = { url, events };
		act.perform(async () => {
			setMade(null);
			const r = await call('POST', `${k.base}/webhooks`, body);
			setMade(r.data);
			setUrl('');
			setEvents([]);
			onAdded();
		});
	}
	return html`<section aria-labelledby="add-title">
		<h2 id="add-title">Add an endpoint</h2>
		${made && html`<${SigningSecret} made=${made} title="Your new endpoint's signing secret"
			target="webhook-secret" />`}
		${act.prompt}
		<form class="card" onSubmit=${submit} aria-labelledby="add-title" novalidate>
			<${Field} id="webhook-url" label="Endpoint URL" type="url" required maxlength="2048"
				hint="Where cediramp posts the events: an https URL (the sandbox also takes http)."
				value=${url} onInput=${(e) => setUrl(e.currentTarget.value)} />
			<${EventBoxes} k=${k} prefix="event-" events=${events} onTick=${tick} />
			<${ErrorNote} error=${act.error} />
			<button type="submit" class="primary" disabled=${busy}>Add the endpoint</button>
		</form>
	</section>`;
}

// The events of endpoint hook, edited in a row of their own under its
// row: its boxes ticked as it takes them; saved (PATCH {events}) through
// act, then onDone(true); Cancel: onDone(false). The first box takes the
// focus when the form appears.
function EditEvents({ k, hook, act, onDone }) {
	const [events, setEvents] = useState(hook.events);
	const form = useRef(null);
	const busy = act.busy || act.waiting;
	useEffect(() => {
		form.current.querySelector('input').focus();
	}, []);
	function submit(e) {
		e.preventDefault();
		if (busy)
			return;
		act.perform(async () => {
			await call('PATCH', hookPath(k, hook.webhook_id), { events });
			onDone(true);
		});
	}
	return html`<tr class="edit-row"><td colspan="5">
		<form class="edit-events" ref=${form} onSubmit=${submit} aria-label=${'Events of ' + hook.url} novalidate>
			<p class="hint">The events <span class="url">${hook.url}</span> takes from now on:</p>
			<div class="event-groups">
				<${EventBoxes} k=${k} prefix=${'edit-' + hook.webhook_id + '-'} events=${events}
					onTick=${(type, on) => setEvents((list) => ticked(k, list, type, on))} />
			</div>
			<${SubmitCancel} submit="Save the events" busy=${busy} onCancel=${() => onDone(false)} />
		</form>
	</td></tr>`;
}

// Enabled or Disabled, as a badge.
function Enabled({ on }) {
	return html`<span class=${'badge badge-' + (on ? 'enabled' : 'disabled')}>${on ? 'Enabled' : 'Disabled'}</span>`;
}

// One endpoint's row (of k) and its actions, run through act (the page's
// useSensitive); onDone(what happened) after each.
function EndpointRow({ k, hook, act, onDone }) {
	// null, 'events', 'rotate', 'disable' or 'delete': the step the row shows
	const [step, setStep] = useState(null);
	const [overlap, setOverlap] = useState(String(OVERLAPS[0][0]));
	const busy = act.busy || act.waiting;
	const { webhook_id: id, url } = hook;
	const test = () => act.perform(async () => {
		const r = await call('POST', `${hookPath(k, id)}/test`);
		onDone({ tested: r.data.event_id, url });
	});
	const rotate = (e) => {
		e.preventDefault();
		act.perform(async () => {
			const r = await call('POST', `${hookPath(k, id)}/rotate-secret`,
				{ expires_previous_in_seconds: Number(overlap) });
			setStep(null);
			onDone({ rotated: r.data, url });
		});
	};
	const remove = () => act.perform(async () => {
		try {
			await call('DELETE', hookPath(k, id));
		} finally {
			setStep(null);
		}
		onDone({ deleted: url });
	});
	const enable = (enabled) => act.perform(async () => {
		try {
			await call('PATCH', hookPath(k, id), { enabled });
		} finally {
			setStep(null);
		}
		onDone(enabled ? { enabled: url } : { disabled: url });
	});
	let actions;
	if (step === 'delete')
		actions = html`<${Confirm} question=${`Delete the endpoint ${url}? It will receive no more events.`}
			yes="Yes, delete it" no="No, keep it" busy=${busy} onYes=${remove} onNo=${() => setStep(null)} />`;
	else if (step === 'disable')
		actions = html`<${Confirm} question=${`Disable ${url}? Its pending deliveries fail now, and no event goes to it `
			+ 'until you enable it again. Its delivery log stays.'}
			yes="Yes, disable it" no="No, keep it enabled" busy=${busy} onYes=${() => enable(false)}
			onNo=${() => setStep(null)} />`;
	else if (step === 'rotate')
		actions = html`<${ChoiceForm} id=${'overlap-' + id} name=${'Rotate the secret of ' + url}
			label="Keep the previous secret working for" options=${OVERLAPS} value=${overlap} onChange=${setOverlap}
			submit="Rotate the secret" busy=${busy} onSubmit=${rotate} onCancel=${() => setStep(null)} />`;
	else
		// a disabled endpoint takes no test event (the API answers 404)
		actions = html`<div class="actions">
			${hook.enabled && html`<button type="button" disabled=${busy} onClick=${test}
				aria-label=${'Send test event to ' + url}>Send test event</button>`}
			<button type="button" disabled=${busy || step === 'events'} onClick=${() => setStep('events')}
				aria-label=${'Edit events of ' + url}>Edit events</button>
			<button type="button" disabled=${busy} onClick=${() => setStep('rotate')}
				aria-label=${'Rotate secret of ' + url}>Rotate secret</button>
			${hook.enabled
				? html`<button type="button" disabled=${busy} onClick=${() => setStep('disable')}
					aria-label=${'Disable ' + url}>Disable</button>`
				: html`<button type="button" disabled=${busy} onClick=${() => enable(true)}
					aria-label=${'Enable ' + url}>Enable</button>`}
			<button type="button" class="danger" disabled=${busy} onClick=${() => setStep('delete')}
				aria-label=${'Delete ' + url}>Delete</button>
		</div>`;
	return html`<tr class=${hook.enabled ? '' : 'disabled'}>
		<td class="url">${url}<span class="id">${id}</span></td>
		<td><ul class="plain">${hook.events.map((t) => html`<li key=${t}>${t}</li>`)}</ul></td>
		<td><${Enabled} on=${hook.enabled} /></td>
		<td><${When} iso=${hook.created_at} /></td>
		<td>${actions}</td>
	</tr>
	${step === 'events' && html`<${EditEvents} k=${k} hook=${hook} act=${act} onDone=${(saved) => {
		setStep(null);
		if (saved)
			onDone({ edited: url });
	}} />`}`;
}

// The delivery log of k, newest first, a page at a time, filtered by one
// of hooks (the endpoints); reload changes when it should be read again.
function DeliveryLog({ k, hooks, reload }) {
	const [draft, setDraft] = useState('');
	const [filter, setFilter] = useState('');
	const [page, setPage] = useState(1);
	const log = useLoad(() => call('GET', `${k.base}/webhook-deliveries` +
		query({ webhook_id: filter, page, per_page: PER_PAGE })), [filter, page, reload]);
	function apply(e) {
		e.preventDefault();
		setFilter(draft);
		setPage(1);
	}
	const rows = (log.data && log.data.data) || [];
	return html`<section aria-labelledby="log-title">
		<h2 id="log-title">Delivery log</h2>
		<form class="filters" onSubmit=${apply} aria-label="Filter the delivery log">
			<div class="field">
				<label for="log-endpoint">Endpoint</label>
				<select id="log-endpoint" value=${draft} onChange=${(e) => setDraft(e.currentTarget.value)}>
					<option value="">any</option>
					${hooks.map((h) => html`<option value=${h.webhook_id} key=${h.webhook_id}>
						${h.url + ' (' + h.webhook_id + ')'}</option>`)}
				</select>
			</div>
			<div class="actions">
				<button type="submit" class="primary">Apply filter</button>
				<button type="button" onClick=${log.reload}>Refresh</button>
			</div>
		</form>
		<${ErrorNote} error=${log.error} />
		<${Loading} loading=${log.loading && !log.data} />
		${log.data && rows.length === 0 && html`<p>No deliveries yet.</p>`}
		${rows.length > 0 && html`<div class="table-wrap"><table id="delivery-log">
			<caption>Deliveries, newest first</caption>
			<thead><tr>
				<th scope="col">Event</th><th scope="col">Type</th><th scope="col">Endpoint</th>
				<th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last response</th>
				<th scope="col">Last attempt</th><th scope="col">Next attempt</th><th scope="col">Created</th>
			</tr></thead>
			<tbody>${rows.map((d) => html`<tr key=${d.event_id + ' ' + d.webhook_id}>
				<td><a href=${eventRoute(k, d.event_id)}>${d.event_id}</a></td>
				<td>${d.event_type}</td>
				<td class="url">${d.url}<span class="id">${d.webhook_id}</span></td>
				<td><${Status} value=${d.status} /></td>
				<td>${d.attempts ?? '—'}</td>
				<td>${d.last_response_status ?? '—'}</td>
				<td><${When} iso=${d.last_attempt_at} /></td>
				<td><${When} iso=${d.next_attempt_at} /></td>
				<td><${When} iso=${d.created_at} /></td>
			</tr>`)}</tbody>
		</table></div>`}
		<${Pager} pagination=${log.data && log.data.pagination} onPage=${setPage} noun="deliveries" />
	</section>`;
}

// The page of k's webhooks (PARTNER_HOOKS unless said).
export function Webhooks({ k = PARTNER_HOOKS }) {
	const hooks = useLoad(() => call('GET', `${k.base}/webhooks`), []);
	const act = useSensitive(WHY);
	const [note, setNote] = useState(null);
	const [rotated, setRotated] = useState(null);
	const [logRead, setLogRead] = useState(0);
	function changed() {
		hooks.reload();
		setLogRead((n) => n + 1);
	}
	// what an endpoint's action did, said
	function done(what) {
		if (what.tested)
			setNote(html`A test event, <a href=${eventRoute(k, what.tested)}>${what.tested}</a>, is queued for
				${' ' + what.url}. The delivery log below follows it.`);
		if (what.rotated) {
			const until = what.rotated.previous_secret_expires_at;
			setRotated(what.rotated.secret ? { url: what.url, secret: what.rotated.secret } : null);
			setNote(until
				? html`The secret of ${what.url} is rotated; the previous one works until <${When} iso=${until} />.`
				: `The secret of ${what.url} is rotated; the previous one no longer works.`);
		}
		if (what.deleted)
			setNote(`${what.deleted} is deleted: it receives no more events.`);
		if (what.edited)
			setNote(`The events of ${what.edited} are saved: it takes those from now on.`);
		if (what.disabled)
			setNote(`${what.disabled} is disabled: no event goes to it, and its pending deliveries failed.`);
		if (what.enabled)
			setNote(`${what.enabled} is enabled: new events go to it again.`);
		changed();
	}
	const list = (hooks.data && hooks.data.data) || [];
	return html`<${PageTitle}>${k.title}<//>
		${k.intro()}
		${act.prompt}
		<${ErrorNote} error=${hooks.error || act.error} />
		${note && html`<${StatusNote} id="webhook-note">${note}<//>`}
		${rotated && html`<${SigningSecret} made=${rotated} title="The new signing secret" target="rotated-secret" />`}
		<section aria-labelledby="endpoints-title">
			<h2 id="endpoints-title">Endpoints</h2>
			<${Loading} loading=${hooks.loading && !hooks.data} />
			${hooks.data && list.length === 0 && html`<p>No endpoints yet: add one below.</p>`}
			${list.length > 0 && html`<div class="table-wrap"><table id="endpoints">
				<caption>Your endpoints, oldest first</caption>
				<thead><tr>
					<th scope="col">URL</th><th scope="col">Events</th><th scope="col">State</th>
					<th scope="col">Added</th><th scope="col">Actions</th>
				</tr></thead>
				<tbody>${list.map((h) => html`<${EndpointRow} key=${h.webhook_id} k=${k} hook=${h} act=${act}
					onDone=${done} />`)}</tbody>
			</table></div>`}
		</section>
		<${AddEndpoint} k=${k} onAdded=${changed} />
		<${DeliveryLog} k=${k} hooks=${list} reload=${logRead} />`;
}

// One endpoint's delivery of an event (n: its place, for ids) and its attempts.
function Delivery({ d, n }) {
	const title = `delivery-${n}-title`;
	return html`<section class="delivery" aria-labelledby=${title}>
		<h3 id=${title}>To <span class="url">${d.url}</span></h3>
		<p><${Status} value=${d.status} /> Endpoint <code>${d.webhook_id}</code>; next attempt:
			${' '}<${When} iso=${d.next_attempt_at} /></p>
		${d.attempts.length === 0
			? html`<p>No attempt yet.</p>`
			: html`<table>
				<caption>${'Attempts to ' + d.url}</caption>
				<thead><tr>
					<th scope="col">Attempt</th><th scope="col">At</th><th scope="col">Response</th>
					<th scope="col">Latency</th><th scope="col">Answer (first 2 KB)</th><th scope="col">Error</th>
				</tr></thead>
				<tbody>${d.attempts.map((a) => html`<tr key=${a.attempt}>
					<td>${a.attempt}</td><td><${When} iso=${a.at} /></td>
					<td>${a.response_status ?? '—'}</td>
					<td>${a.duration_ms === null ? '—' : a.duration_ms + ' ms'}</td>
					<td>${a.response_body
						? html`<details class="answer"><summary>${a.response_body.length} characters</summary>
							<pre class="answer-body">${a.response_body}</pre></details>`
						: '—'}</td>
					<td class="url">${a.error ?? '—'}</td>
				</tr>`)}</tbody>
			</table>`}
	</section>`;
}

// One event of k (PARTNER_HOOKS unless said): what it is, its payload, its
// deliveries; Redeliver queues a new round to every endpoint that takes it now.
export function WebhookEvent({ k = PARTNER_HOOKS, id }) {
	const ev = useLoad(() => call('GET', eventPath(k, id)), [id]);
	// {queued, said}: what Redeliver did
	const [note, setNote] = useState(null);
	const [error, setError] = useState(null);
	const [busy, setBusy] = useState(false);
	const d = ev.data && ev.data.data;
	async function redeliver() {
		setBusy(true);
		setError(null);
		setNote(null);
		try {
			const r = await call('POST', `${eventPath(k, id)}/redeliver`);
			const n = r.data.queued;
			setNote({ queued: n, said: n > 0
				? `Redelivery queued: ${n} endpoint${n === 1 ? '' : 's'} will be sent this event again.`
				: `Redelivery asked, but nothing was queued: no active endpoint takes ${d.event_type} events now.` });
			ev.reload();
		} catch (err) {
			setError(err);
		}
		setBusy(false);
	}
	return html`<p><a href=${k.route}>← ${k.title}</a></p>
		<${PageTitle}>${'Event ' + id}<//>
		<${ErrorNote} error=${ev.error || error} />
		${note && (note.queued > 0
			? html`<${StatusNote} id="redeliver-note">${note.said}<//>`
			: html`<p class="note note-warn" role="status" id="redeliver-note">${note.said}</p>`)}
		<${Loading} loading=${ev.loading && !d} />
		${d && html`<${Details} rows=${[
			['Event id', html`<code>${d.event_id}</code>`],
			['Type', d.event_type],
			['Created', html`<${When} iso=${d.created_at} />`],
			['Request id', d.request_id
				? html`<code id="event-request-id">${d.request_id}</code>`
				: html`<span id="event-request-id">none: raised by the service on its own</span>`],
		]} />
		<div class="actions">
			<button type="button" class="primary" disabled=${busy} onClick=${redeliver}>Redeliver</button>
			<button type="button" onClick=${ev.reload}>Refresh</button>
		</div>
		<section aria-labelledby="deliveries-title">
			<h2 id="deliveries-title">Deliveries</h2>
			${d.deliveries.length === 0 && html`<p>No endpoint took this event.</p>`}
			${d.deliveries.map((x, n) => html`<${Delivery} key=${x.webhook_id} d=${x} n=${n} />`)}
		</section>
		<section aria-labelledby="payload-title">
			<h2 id="payload-title">Payload</h2>
			<p class="hint">${k.posted}</p>
			<pre id="event-payload" class="payload">${JSON.stringify(d.payload, null, 2)}</pre>
		</section>`}`;
}
