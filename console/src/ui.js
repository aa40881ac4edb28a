// What every page shares: the page heading, error and status notes,
// labelled fields, times, detail lists, paging, the confirm step, a small
// form in place of a row's actions, what is shown once (a secret,
// recovery codes) with its copy button, and loading an answer. Everything the server or a partner wrote is passed as a child
// (text), never as HTML.
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';

// The page's one h1 (focused by the app after a route change, so a
// screen reader hears where it is) and the document's title.
export function PageTitle({ children }) {
	useEffect(() => {
		document.title = `${children} · cediramp console`;
	}, [children]);
	return html`<h1 id="page-title" tabindex="-1">${children}</h1>`;
}

// An ApiError (or any Error) as an alert; nothing when error is null.
export function ErrorNote({ error }) {
	if (!error)
		return null;
	return html`<p class="note note-error" role="alert">${error.message}</p>`;
}

// A polite status line (saved, copied, cancelled...); id optional.
export function StatusNote({ id, children }) {
	return html`<p class="note note-ok" role="status" id=${id}>${children}</p>`;
}

// A labelled input: id, label, and the input's own attributes.
export function Field({ id, label, hint, ...input }) {
	const hintId = hint ? id + '-hint' : undefined;
	return html`<div class="field">
		<label for=${id}>${label}</label>
		<input id=${id} name=${id} aria-describedby=${hintId} ...${input} />
		${hint && html`<p class="hint" id=${hintId}>${hint}</p>`}
	</div>`;
}

// An ISO 8601 time as "YYYY-MM-DD HH:MM UTC" in a <time>; a dash for null.
export function When({ iso }) {
	if (!iso)
		return html`<span aria-label="none">—</span>`;
	const shown = String(iso).replace('T', ' ').replace(/(:\d\d)?(\.\d+)?Z$/, ' UTC');
	return html`<time datetime=${iso}>${shown}</time>`;
}

// A status word as a badge (the class names the status for the colour).
export function Status({ value }) {
	return html`<span class=${'badge badge-' + String(value).replace(/[^a-z_]/g, '')}>${value}</span>`;
}

// rows: [label, value] pairs as a description list (value text or a node).
export function Details({ rows }) {
	return html`<dl class="details">
		${rows.map(([k, v]) => html`<div class="row" key=${k}><dt>${k}</dt><dd>${v ?? '—'}</dd></div>`)}
	</dl>`;
}

// The partner API's numbered paging: "Page P of N" with Previous / Next
// (nothing when nothing matched).
export function Pager({ pagination, onPage, noun }) {
	if (!pagination || (pagination.total === 0 && pagination.page === 1))
		return null;
	const { page, total, total_pages: pages, total_capped: capped } = pagination;
	const more = capped ? '+' : '';
	return html`<nav class="pager" aria-label=${'Pages of ' + noun}>
		<button type="button" disabled=${page <= 1} onClick=${() => onPage(page - 1)}>Previous page</button>
		<span>Page ${page} of ${Math.max(pages, 1)}${more} (${total}${more} ${noun})</span>
		<button type="button" disabled=${page >= pages} onClick=${() => onPage(page + 1)}>Next page</button>
	</nav>`;
}

// A question with a "yes" and a "no" button; the yes button has focus
// when it appears, so Enter confirms and Tab reaches the way back.
export function Confirm({ question, yes, no, busy, onYes, onNo }) {
	const yesRef = useRef(null);
	useEffect(() => {
		if (yesRef.current)
			yesRef.current.focus();
	}, []);
	return html`<div class="confirm" role="group" aria-label="Confirm">
		<p>${question}</p>
		<button type="button" class="danger" ref=${yesRef} disabled=${busy} onClick=${onYes}>${yes}</button>
		<button type="button" disabled=${busy} onClick=${onNo}>${no}</button>
	</div>`;
}

// A form's two buttons: submit (its text) and Cancel (onCancel()).
export function SubmitCancel({ submit, busy, onCancel }) {
	return html`<div class="actions">
		<button type="submit" class="primary" disabled=${busy}>${submit}</button>
		<button type="button" disabled=${busy} onClick=${onCancel}>Cancel</button>
	</div>`;
}

// A small form of one choice in place of a row's actions: a select of id
// labelled label, its options [value, said] (value the chosen one,
// onChange(value) on a change), and its two buttons (see SubmitCancel);
// name is the form's accessible name.
export function ChoiceForm({ id, name, label, options, value, onChange, submit, busy, onSubmit, onCancel }) {
	return html`<form class="choice" onSubmit=${onSubmit} aria-label=${name}>
		<div class="field">
			<label for=${id}>${label}</label>
			<select id=${id} value=${value} onChange=${(e) => onChange(e.currentTarget.value)}>
				${options.map(([v, said]) => html`<option value=${String(v)} key=${v}>${said}</option>`)}
			</select>
		</div>
		<${SubmitCancel} submit=${submit} busy=${busy} onCancel=${onCancel} />
	</form>`;
}

// Copies text to the clipboard and says so; where there is no clipboard
// (no permission, no secure context) it selects the element of id target
// instead, for Ctrl+C.
export function CopyButton({ text, target, label }) {
	const [copied, setCopied] = useState('');
	async function copy() {
		try {
			await navigator.clipboard.writeText(text);
			setCopied('Copied to the clipboard.');
		} catch {
			const range = document.createRange();
			range.selectNodeContents(document.getElementById(target));
			const sel = window.getSelection();
			sel.removeAllRanges();
			sel.addRange(range);
			setCopied('Selected: press Ctrl+C (or Cmd+C) to copy it.');
		}
	}
	return html`<button type="button" onClick=${copy}>${label}</button>
		${copied && html`<${StatusNote}>${copied}<//>`}`;
}

// Something the server shows once (a secret, recovery codes): a title, the
// warning (lead in bold, then rest), the children, and a copy button for
// copy (the text) that falls back to selecting the element of id target.
export function ShownOnce({ title, lead, rest, copy, target, copyLabel, children }) {
	return html`<section class="secret" aria-labelledby=${target + '-title'}>
		<h2 id=${target + '-title'}>${title}</h2>
		<p><strong>${lead}</strong> ${rest}</p>
		${children}
		<${CopyButton} text=${copy} target=${target} label=${copyLabel} />
	</section>`;
}

// A secret key shown once: the key as text, a copy button, and the note
// that it will not be shown again.
export function SecretOnce({ secret, publicKey, title }) {
	return html`<${ShownOnce} title=${title} lead="This is the only time the secret key is shown."
		rest="Store it now, somewhere safe: cediramp keeps only a hash of it. Lost, it cannot be read again: revoke it and create another."
		copy=${secret} target="new-secret" copyLabel="Copy the secret key">
		<${Details} rows=${[['Public key', html`<code id="new-public">${publicKey}</code>`],
			['Secret key', html`<code id="new-secret" class="key">${secret}</code>`]]} />
	<//>`;
}

// Loads load() when deps change: {data, error, loading, reload}. An
// answer that arrives after a newer request started is dropped.
export function useLoad(load, deps) {
	const [state, setState] = useState({ data: null, error: null, loading: true });
	const [nonce, setNonce] = useState(0);
	const seq = useRef(0);
	useEffect(() => {
		const mine = ++seq.current;
		setState((s) => ({ ...s, error: null, loading: true }));
		load().then(
			(data) => { if (mine === seq.current) setState({ data, error: null, loading: false }); },
			(error) => { if (mine === seq.current) setState({ data: null, error, loading: false }); });
	}, [...deps, nonce]);
	return { ...state, reload: () => setNonce((n) => n + 1) };
}

// A list read a page at a time, each page the one after the last shown:
// page(cursor) answers {data, pagination} (cursor null: the first page),
// cursorOf(pagination) is the next page's cursor (null at the end).
// {rows, more (the next cursor), loading, error, next(), reload()}.
export function usePages(page, cursorOf) {
	const [pages, setPages] = useState([]);
	const [more, setMore] = useState(null);
	const [error, setError] = useState(null);
	const first = useLoad(async () => {
		const r = await page(null);
		setPages([r.data]);
		setMore(cursorOf(r.pagination));
		return r;
	}, []);
	async function next() {
		setError(null);
		try {
			const r = await page(more);
			setPages((p) => [...p, r.data]);
			setMore(cursorOf(r.pagination));
		} catch (e) {
			setError(e);
		}
	}
	return { rows: pages.flat(), more, loading: first.loading, error: first.error || error, next,
		reload: first.reload };
}

// "Loading..." while nothing has arrived yet.
export function Loading({ loading }) {
	return loading ? html`<p class="loading" role="status">Loading…</p>` : null;
}
