// Sandbox mail (the sandbox only): what the sandbox's mail sink received
// for the partner's people and those it invited (GET
// /console/api/sandbox/mail, the 50 newest, newest first): invitations,
// password resets, unlock links. A body is shown as preformatted text:
// its links stay text (copied into the address bar to be opened), nothing
// of it is markup.
import { html } from 'htm/preact';
import { call } from './api.js';
import { Details, ErrorNote, Loading, PageTitle, When, useLoad } from './ui.js';

export function SandboxMail() {
	const mail = useLoad(() => call('GET', '/console/api/sandbox/mail'), []);
	const list = (mail.data && mail.data.data) || [];
	return html`<${PageTitle}>Sandbox mail<//>
		<p>The sandbox mails nobody: what the console sent your people and those you invited is kept here
			instead, newest first (the 50 newest). To follow a link, copy it into the address bar.</p>
		<div class="actions">
			<button type="button" disabled=${mail.loading} onClick=${mail.reload}>Reload</button>
			${mail.data && !mail.loading && html`<span role="status" id="mail-count">${list.length === 1
				? '1 message' : `${list.length} messages`}</span>`}
		</div>
		<${ErrorNote} error=${mail.error} />
		<${Loading} loading=${mail.loading && !mail.data} />
		${mail.data && list.length === 0 && html`<p>No mail yet.</p>`}
		${list.length > 0 && html`<ol class="mail-list" id="mail-list">${list.map((m) => html`<li key=${m.id}>
			<article class="card mail" aria-labelledby=${'mail-' + m.id}>
				<h2 id=${'mail-' + m.id}>${m.subject}</h2>
				<${Details} rows=${[['To', html`<span class="mail-to">${m.to}</span>`],
					['Received', html`<${When} iso=${m.received_at} />`]]} />
				<pre class="payload mail-body">${m.body}</pre>
			</article>
		</li>`)}</ol>`}`;
}
