// The owner's pages: the members (people and roles) and the audit log,
// newest first, a page at a time ("Older" asks for the records before the
// last one shown).
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call, query } from './api.js';
import { ErrorNote, Loading, PageTitle, When, useLoad } from './ui.js';

const AUDIT_PAGE = 50;

export function Members() {
	const members = useLoad(() => call('GET', '/console/api/members'), []);
	const list = (members.data && members.data.data) || [];
	return html`<${PageTitle}>Team<//>
		<p>An operator adds people (<code>cediramp-admin console user add</code>).</p>
		<${ErrorNote} error=${members.error} />
		<${Loading} loading=${members.loading && !members.data} />
		${list.length > 0 && html`<div class="table-wrap"><table>
			<caption>Members</caption>
			<thead><tr>
				<th scope="col">Email</th><th scope="col">Role</th><th scope="col">Added</th>
				<th scope="col">Sign-in</th>
			</tr></thead>
			<tbody>${list.map((m) => html`<tr key=${m.id}>
				<td>${m.email}</td><td>${m.role}</td><td><${When} iso=${m.created_at} /></td>
				<td>${m.locked ? 'locked' : 'open'}</td>
			</tr>`)}</tbody>
		</table></div>`}`;
}

export function Audit() {
	// the ids each shown page started before: [] is the newest page
	const [before, setBefore] = useState([]);
	const at = before.length ? before[before.length - 1] : undefined;
	const audit = useLoad(() => call('GET', '/console/api/audit' + query({ limit: AUDIT_PAGE, before: at })),
		[at]);
	const list = (audit.data && audit.data.data) || [];
	const older = list.length === AUDIT_PAGE ? list[list.length - 1].id : null;
	return html`<${PageTitle}>Audit log<//>
		<${ErrorNote} error=${audit.error} />
		<${Loading} loading=${audit.loading && !audit.data} />
		${audit.data && list.length === 0 && html`<p>Nothing older.</p>`}
		${list.length > 0 && html`<div class="table-wrap"><table>
			<caption>Who did what, newest first</caption>
			<thead><tr>
				<th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th>
				<th scope="col">Object</th><th scope="col">Address</th><th scope="col">User agent</th>
			</tr></thead>
			<tbody>${list.map((a) => html`<tr key=${a.id}>
				<td><${When} iso=${a.created_at} /></td><td>${a.actor ?? '—'}</td><td>${a.action}</td>
				<td>${a.object}</td><td>${a.address}</td><td class="agent">${a.user_agent}</td>
			</tr>`)}</tbody>
		</table></div>`}
		<nav class="pager" aria-label="Pages of the audit log">
			<button type="button" disabled=${before.length === 0}
				onClick=${() => setBefore(before.slice(0, -1))}>Newer</button>
			<button type="button" disabled=${older === null} onClick=${() => setBefore([...before, older])}>
				Older</button>
		</nav>`;
}
