// The owner's pages: the members (people and roles: inviting one by
// mail, changing another's role, removing one after a confirm step) and
// the audit log, newest first, a page at a time ("Older" asks for the
// records before the last one shown). Inviting, changing a role and
// removing need a recent password (the prompt of useSensitive).
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { call, query } from './api.js';
import { useForm, useSensitive } from './auth.js';
import { Confirm, ErrorNote, Field, Loading, PageTitle, StatusNote, When, useLoad } from './ui.js';

const AUDIT_PAGE = 50;
const WHY = 'Inviting, changing or removing a member needs your password from the last five minutes.';

// The roles an invitation may give: [role, what it may do].
const ROLES = [
	['viewer', 'reads withdrawals and payment intents'],
	['finance', 'also cancels them'],
	['developer', 'also manages API keys and webhooks'],
	['owner', 'everything, the team and the audit log too'],
];

// What became of an invitation (the 201's data: email, role,
// expires_in_hours, mail), said; sandbox: the partner's mail is on the
// Sandbox mail page.
function Invited({ sent, sandbox }) {
	const { email, role, expires_in_hours: hours } = sent;
	if (sent.mail === 'sent')
		return html`<${StatusNote} id="invite-note">The invitation to ${email} (${role}) is sent: its link
			works once, within ${hours} hours, and the member shows here once they accept.
			${sandbox && html`${' '}The sandbox keeps it on the <a href="#/mail">Sandbox mail</a> page.`}<//>`;
	return html`<p class="note note-warn" role="status" id="invite-note">${sent.mail === 'off'
		? `The invitation to ${email} (${role}) is made, but this service sends no mail (mail is off), so nobody has its link. Ask an operator.`
		: `The invitation to ${email} (${role}) is made, but its mail failed. Invite them again later: that mails a new link.`}</p>`;
}

// Invites a person by email, with a role; the invitation's fate is said
// above the form.
function Invite({ sandbox }) {
	const [v, set, clear] = useForm({ email: '', role: 'viewer' });
	const [sent, setSent] = useState(null);
	const act = useSensitive(WHY, 'reauth-invite');
	const busy = act.busy || act.waiting;
	function submit(e) {
		e.preventDefault();
		if (busy)
			return;
		const body = { email: v.email, role: v.role };
		act.perform(async () => {
			setSent(null);
			const r = await call('POST', '/console/api/members', body);
			setSent(r.data);
			clear();
		});
	}
	return html`<section aria-labelledby="invite-title">
		<h2 id="invite-title">Invite a member</h2>
		${sent && html`<${Invited} sent=${sent} sandbox=${sandbox} />`}
		${act.prompt}
		<form class="card narrow" onSubmit=${submit} aria-labelledby="invite-title" novalidate>
			<${Field} id="invite-email" label="Email" type="email" autocomplete="off" required maxlength="254"
				value=${v.email} onInput=${set('email')} />
			<div class="field">
				<label for="invite-role">Role</label>
				<select id="invite-role" value=${v.role} aria-describedby="invite-role-hint"
					onChange=${set('role')}>
					${ROLES.map(([role]) => html`<option value=${role} key=${role}>${role}</option>`)}
				</select>
				<ul class="hint plain" id="invite-role-hint">
					${ROLES.map(([role, may]) => html`<li key=${role}><strong>${role}</strong>: ${may}</li>`)}
				</ul>
			</div>
			<${ErrorNote} error=${act.error} />
			<button type="submit" class="primary" disabled=${busy}>Invite</button>
		</form>
	</section>`;
}

const memberPath = (id) => `/console/api/members/${encodeURIComponent(id)}`;

// Another member's role as a select of the roles and a Change role
// button, run through act (the page's useSensitive); onChanged(member)
// with the member the server answered.
function RoleForm({ m, act, onChanged }) {
	const [role, setRole] = useState(m.role);
	const busy = act.busy || act.waiting;
	const id = 'role-' + m.id;
	function submit(e) {
		e.preventDefault();
		if (busy)
			return;
		act.perform(async () => {
			const r = await call('PATCH', memberPath(m.id), { role });
			onChanged(r.data);
		});
	}
	return html`<form class="role" onSubmit=${submit} aria-label=${'The role of ' + m.email}>
		<label class="visually-hidden" for=${id}>${'Role of ' + m.email}</label>
		<select id=${id} value=${role} onChange=${(e) => setRole(e.currentTarget.value)}>
			${ROLES.map(([r]) => html`<option value=${r} key=${r}>${r}</option>`)}
		</select>
		<button type="submit" disabled=${busy || role === m.role}
			aria-label=${'Change role of ' + m.email}>Change role</button>
	</form>`;
}

// session: the signed-in owner (who may not remove themselves, nor
// change their own role).
export function Members({ session }) {
	const members = useLoad(() => call('GET', '/console/api/members'), []);
	const act = useSensitive(WHY);
	const [removing, setRemoving] = useState(null);
	const [note, setNote] = useState(null);
	// members as a role change answered them, by id, over the list loaded
	const [changed, setChanged] = useState({});
	const busy = act.busy || act.waiting;
	const remove = (m) => act.perform(async () => {
		setNote(null);
		try {
			await call('DELETE', memberPath(m.id));
		} finally {
			setRemoving(null);
		}
		setNote(`${m.email} is removed: their sessions have ended and they can no longer sign in.`);
		setChanged({});
		members.reload();
	});
	function roleChanged(m) {
		setChanged((c) => ({ ...c, [m.id]: m }));
		setNote(`${m.email} is now ${m.role === 'owner' ? 'an' : 'a'} ${m.role}: ` +
			'their sessions take the role at their next request.');
	}
	const list = ((members.data && members.data.data) || []).map((m) => changed[m.id] || m);
	return html`<${PageTitle}>Team<//>
		<p>Invite people by email below; an operator can also add one (<code>cediramp-admin console user
			add</code>). A member's new role holds from their next request; a removed member's sessions end at
			once.</p>
		<section aria-labelledby="members-title">
			<h2 id="members-title">Members</h2>
			${act.prompt}
			<${ErrorNote} error=${members.error || act.error} />
			${note && html`<${StatusNote} id="member-note">${note}<//>`}
			<${Loading} loading=${members.loading && !members.data} />
			${list.length > 0 && html`<div class="table-wrap"><table id="members">
				<caption>People and their roles</caption>
				<thead><tr>
					<th scope="col">Email</th><th scope="col">Role</th><th scope="col">Added</th>
					<th scope="col">Sign-in</th><th scope="col">Action</th>
				</tr></thead>
				<tbody>${list.map((m) => html`<tr key=${m.id}>
					<td>${m.email}</td>
					<td>${m.id === session.user.id
						? m.role
						: html`<${RoleForm} key=${m.id + ' ' + m.role} m=${m} act=${act} onChanged=${roleChanged} />`}</td>
					<td><${When} iso=${m.created_at} /></td>
					<td>${m.locked ? 'locked' : 'open'}</td>
					<td>${m.id === session.user.id
						? html`<span class="hint">you</span>`
						: removing === m.id
							? html`<${Confirm} question=${`Remove ${m.email}? Their sessions end now and they can no longer sign in.`}
								yes="Yes, remove" no="No, keep" busy=${busy}
								onYes=${() => remove(m)} onNo=${() => setRemoving(null)} />`
							: html`<button type="button" class="danger" aria-label=${'Remove ' + m.email}
								disabled=${busy} onClick=${() => setRemoving(m.id)}>Remove</button>`}</td>
				</tr>`)}</tbody>
			</table></div>`}
		</section>
		<${Invite} sandbox=${session.partner.environment === 'sandbox'} />`;
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
