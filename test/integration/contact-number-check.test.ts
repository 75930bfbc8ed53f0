/**
 * A number is checked on WhatsApp before a contact is saved with it or a ticket is started with it by
 * hand (spec 1 §8), on the local cloud with the session host running in-process on the simulator: the
 * check travels as a command to the host, whose provider answers, and back as an event the request waits
 * for. Not on WhatsApp: ERR_WAPP_INVALID_CONTACT; the provider cannot tell: ERR_WAPP_CHECK_CONTACT; a
 * company without a connected session keeps its contacts unchecked.
 */
import { ulid } from 'ulid';
import { putSimulatedScan } from '../../functions/sessions/stores/simulator';
import { putNewContact, type Contact } from '../../functions/core/repositories/contacts';
import type { SessionHost } from '../../functions/sessions/host';
import type { ProviderSession, WhatsAppProvider } from '../../functions/sessions/providers/provider';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';
import { startSimulatorHost, testSimulatorProvider } from '../support/simulated-whatsapp';
import { until } from '../support/until';

/** Numbers the network treats apart; every other well-formed number has WhatsApp (the simulator's rule). */
const NOT_ON_WHATSAPP = '5511900000404';
const UNCHECKABLE = '5511900000500';
const PICTURED = { number: '5511944440001', url: 'https://pps.whatsapp.net/v/t61.24694-24/check.jpg' };

/** The simulator, with a network that does not know one number and cannot check another. */
function withNetworkRules(provider: WhatsAppProvider): WhatsAppProvider {
  return {
    name: provider.name,
    clearPairing: (context) => provider.clearPairing(context),
    async open(context, listener, options) {
      const session = await provider.open(context, listener, options);
      const overrides: Partial<ProviderSession> = {
        checkNumber: async (number) => {
          if (number === NOT_ON_WHATSAPP) return { exists: false };
          if (number === UNCHECKABLE) throw new Error('WhatsApp did not answer the number query');
          return session.checkNumber(number);
        },
        profilePictureUrl: async (chat) => (chat.id === PICTURED.number ? PICTURED.url : session.profilePictureUrl(chat)),
      };
      // Every other call reaches the simulator's session as it is.
      return new Proxy(session, {
        get: (target, property) => {
          const own = overrides[property as keyof ProviderSession];
          if (own) return own;
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
  };
}

let cloud: TestCloud;
let tenant: Tenant;
/** A company whose only connection never paired: nothing to ask. */
let offline: Tenant;
let connectionId: string;
let host: SessionHost;


beforeAll(async () => {
  cloud = await startTestCloud();
  tenant = await createTenant(cloud);
  offline = await createTenant(cloud);
  const created = await cloud.api('/whatsapp', { method: 'POST', token: tenant.admin.token, body: { name: 'Verificação', provider: 'simulator' } });
  expect(created.status).toBe(201);
  connectionId = created.body.id;
  expect((await cloud.api('/whatsapp', { method: 'POST', token: offline.admin.token, body: { name: 'Nunca pareada', provider: 'simulator' } })).status).toBe(201);
  host = startSimulatorHost(withNetworkRules(testSimulatorProvider()));
  expect((await cloud.api(`/whatsappsession/${connectionId}`, { method: 'POST', token: tenant.admin.token })).status).toBe(200);
  const connection = async () => (await cloud.api(`/whatsapp/${connectionId}`, { token: tenant.admin.token })).body;
  const qr = await until('a QR code', async () => {
    const current = await connection();
    return current.status === 'qrcode' ? (current.qrcode as string) : undefined;
  });
  await putSimulatedScan(tenant.companyId, connectionId, qr, '5511900000001');
  await until('CONNECTED', async () => (await connection()).status === 'CONNECTED');
}, 60_000);

afterAll(async () => {
  await ifAssigned(host)?.stop();
  await ifAssigned(cloud)?.stop();
});

const postContact = (owner: Tenant, number: string) => cloud.api('/contacts', { method: 'POST', token: owner.admin.token, body: { name: `Cliente ${number.slice(-4)}`, number } });
const countOf = async (owner: Tenant, number: string) => (await cloud.api(`/contacts?searchParam=${number}`, { token: owner.admin.token })).body.contacts.length as number;

/** A contact stored as an import or an older version left it: never checked. */
async function storedContact(owner: Tenant, number: string): Promise<Contact> {
  const at = new Date().toISOString();
  const contact: Contact = { id: ulid(), companyId: owner.companyId, name: `Importado ${number.slice(-4)}`, number, email: '', profilePicUrl: null, extraInfo: [], isGroup: false, createdAt: at, updatedAt: at };
  expect(await putNewContact(contact)).toBe('created');
  return contact;
}

describe('saving a contact', () => {
  it('saves a number that has WhatsApp, with the picture the check brought', async () => {
    const response = await postContact(tenant, PICTURED.number);

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ number: PICTURED.number, profilePicUrl: PICTURED.url });
  });

  it('refuses a number WhatsApp does not know with ERR_WAPP_INVALID_CONTACT, on creation and on a change of number, saving nothing', async () => {
    expect(await postContact(tenant, NOT_ON_WHATSAPP)).toEqual({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect(await countOf(tenant, NOT_ON_WHATSAPP)).toBe(0);

    const saved = await postContact(tenant, '5511977770001');
    expect(saved.status).toBe(201);
    const changed = await cloud.api(`/contacts/${String(saved.body.id)}`, { method: 'PUT', token: tenant.admin.token, body: { number: NOT_ON_WHATSAPP } });
    expect(changed).toEqual({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect((await cloud.api(`/contacts/${String(saved.body.id)}`, { token: tenant.admin.token })).body.number).toBe('5511977770001');
  });

  it('answers ERR_WAPP_CHECK_CONTACT when the number could not be checked, saving nothing', async () => {
    expect(await postContact(tenant, UNCHECKABLE)).toEqual({ status: 400, body: { error: 'ERR_WAPP_CHECK_CONTACT' } });
    expect(await countOf(tenant, UNCHECKABLE)).toBe(0);
  }, 20_000);

  it('saves any well-formed number, unchecked, in a company without a connected session', async () => {
    expect((await postContact(offline, NOT_ON_WHATSAPP)).status).toBe(201);
  });
});

describe('starting a ticket by hand', () => {
  it("checks the contact's number on the ticket's connection: ERR_WAPP_INVALID_CONTACT opens nothing", async () => {
    const stranger = await storedContact(tenant, NOT_ON_WHATSAPP);
    const known = await storedContact(tenant, '5511977770002');
    const open = (contactId: string) =>
      cloud.api('/tickets', { method: 'POST', token: tenant.admin.token, body: { contactId, queueId: tenant.queueId, whatsappId: connectionId, status: 'open' } });

    expect(await open(stranger.id)).toEqual({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect((await cloud.api(`/tickets?status=open&showAll=true`, { token: tenant.admin.token })).body.tickets.some((ticket: { contactId: string }) => ticket.contactId === stranger.id)).toBe(false);
    expect((await open(known.id)).status).toBe(201);
  });

  it('opens a ticket unchecked in a company without a connected session', async () => {
    const contact = await storedContact(offline, '5511977770003');

    expect((await cloud.api('/tickets', { method: 'POST', token: offline.admin.token, body: { contactId: contact.id, queueId: offline.queueId, status: 'open' } })).status).toBe(201);
  });
});
