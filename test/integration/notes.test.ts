/**
 * Ticket notes through the HTTP API on the local cloud: add (at least 2 characters), list newest first
 * with the author's name, delete (the author or an admin), the conversation's access rule, bad input.
 */
import { ulid } from 'ulid';
import { NOTE_ADDED_TOAST, NOTE_DELETED_TOAST } from '../../shared/notes';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { seedConversation } from './isolation/messages';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let a: Tenant;
let agent: SignedInUser;
let colleague: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  cloud = await sharedTestCloud();
  a = await createTenant(cloud);
  agent = await addUser(cloud, a, 'user', [a.queueId]);
  colleague = await addUser(cloud, a, 'user', [a.queueId]);
  outsider = await addUser(cloud, a, 'user', []);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

const addNote = (token: string, body: unknown) => cloud.api('/ticket-notes', { method: 'POST', token, body });
const listNotes = (token: string, query: string) => cloud.api(`/ticket-notes/list?${query}`, { token });
const deleteNote = (token: string, id: string) => cloud.api(`/ticket-notes/${id}`, { method: 'DELETE', token });

describe('POST /ticket-notes and GET /ticket-notes/list', () => {
  it("adds notes and lists the ticket's notes newest first, with their author", async () => {
    const { ticket, contact } = await seedConversation(a);

    const first = await addNote(agent.token, { note: 'Cliente pediu retorno amanhã', ticketId: ticket.id, contactId: contact.id });
    const second = await addNote(a.admin.token, { note: 'Retorno feito', ticketId: ticket.id, contactId: contact.id, companyId: 'other' });
    const list = await listNotes(agent.token, `ticketId=${ticket.id}&contactId=${contact.id}`);

    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(new RegExp(`^${ticket.id}\\.[0-9A-Z]{26}$`)),
      note: 'Cliente pediu retorno amanhã',
      ticketId: ticket.id,
      contactId: contact.id,
      userId: agent.id,
      user: { id: agent.id, name: expect.stringMatching(/^User /) },
      createdAt: expect.any(String),
    });
    expect(list).toEqual({ status: 200, body: [second.body, first.body] });
  });

  it('lists nothing for a ticket without notes, or for another contact than the ticket\'s', async () => {
    const { ticket } = await seedConversation(a);
    await addNote(agent.token, { note: 'Nota', ticketId: ticket.id });

    expect((await listNotes(agent.token, `ticketId=${ticket.id}&contactId=${ulid()}`)).body).toEqual([]);
    expect((await listNotes(agent.token, `ticketId=${(await seedConversation(a)).ticket.id}`)).body).toEqual([]);
  });

  it.each([
    ['no note', {}, 'note', 'Required'],
    ['an empty note', { note: '   ' }, 'note', 'Required'],
    ['a one-character note', { note: 'a' }, 'note', 'Too Short!'],
    ['a note too long', { note: 'x'.repeat(2001) }, 'note', 'Too Long!'],
    ['no ticket', { note: 'Nota', ticketId: undefined }, 'ticketId', 'Required'],
    ['a malformed ticket id', { note: 'Nota', ticketId: '../x' }, 'ticketId', 'Invalid id'],
  ])('refuses %s with 400 on the field', async (_label, fields, path, message) => {
    const { ticket } = await seedConversation(a);

    const response = await addNote(agent.token, { ticketId: ticket.id, ...fields });

    expect(response.status).toBe(400);
    expect(response.body.fields).toContainEqual({ path, message });
    expect((await listNotes(agent.token, `ticketId=${ticket.id}`)).body).toEqual([]);
  });

  it("refuses a contact that is not the ticket's, and an unknown ticket", async () => {
    const { ticket } = await seedConversation(a);

    expect(await addNote(agent.token, { note: 'Nota', ticketId: ticket.id, contactId: ulid() })).toEqual({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
    expect(await addNote(agent.token, { note: 'Nota', ticketId: ulid() })).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await listNotes(agent.token, `ticketId=${ulid()}`)).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    const missing = await listNotes(agent.token, '');
    expect([missing.status, missing.body.fields]).toEqual([400, [{ path: 'ticketId', message: 'Required' }]]);
  });

  it("answers 'Acesso não permitido' to a user outside the ticket's queue", async () => {
    const { ticket } = await seedConversation(a);
    const note = await addNote(agent.token, { note: 'Interna', ticketId: ticket.id });
    const denied = { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' } };

    expect(await addNote(outsider.token, { note: 'Intrusa', ticketId: ticket.id })).toEqual(denied);
    expect(await listNotes(outsider.token, `ticketId=${ticket.id}`)).toEqual(denied);
    expect(await deleteNote(outsider.token, note.body.id)).toEqual(denied);
    expect((await listNotes(agent.token, `ticketId=${ticket.id}`)).body).toEqual([note.body]);
  });
});

describe('DELETE /ticket-notes/{id}', () => {
  it('lets the author and admins delete a note, not a colleague', async () => {
    const { ticket } = await seedConversation(a);
    const mine = await addNote(agent.token, { note: 'Minha nota', ticketId: ticket.id });
    const other = await addNote(agent.token, { note: 'Outra nota', ticketId: ticket.id });

    const byColleague = await deleteNote(colleague.token, mine.body.id);
    const byAuthor = await deleteNote(agent.token, mine.body.id);
    const byAdmin = await deleteNote(a.admin.token, other.body.id);

    expect(byColleague).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(byAuthor.status).toBe(204);
    expect(byAdmin.status).toBe(204);
    expect((await listNotes(agent.token, `ticketId=${ticket.id}`)).body).toEqual([]);
  });

  it('answers ERR_NO_TICKETNOTE_FOUND for a note deleted already or never written, 400 for a malformed id', async () => {
    const { ticket } = await seedConversation(a);
    const note = await addNote(agent.token, { note: 'Nota', ticketId: ticket.id });
    await deleteNote(agent.token, note.body.id);

    expect(await deleteNote(agent.token, note.body.id)).toEqual({ status: 404, body: { error: 'ERR_NO_TICKETNOTE_FOUND' } });
    expect(await deleteNote(agent.token, `${ulid()}.${ulid()}`)).toEqual({ status: 404, body: { error: 'ERR_NO_TICKETNOTE_FOUND' } });
    const malformed = await deleteNote(agent.token, ticket.id);
    expect([malformed.status, malformed.body.fields]).toEqual([400, [{ path: 'id', message: 'Invalid id' }]]);
  });
});

describe('the toasts', () => {
  it("are the spec's texts, for the web", () => {
    expect([NOTE_ADDED_TOAST, NOTE_DELETED_TOAST]).toEqual(['Observação adicionada com sucesso!', 'Observação excluída com sucesso!']);
  });
});
