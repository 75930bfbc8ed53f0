/**
 * What an agent does in the ticket workspace, as the browser tests say it: locators by role, label and
 * visible text (Portuguese, the default language), shared by the wide and the narrow journeys.
 */
import type { Locator, Page } from 'playwright-core';
import type { TestCloud } from '../../support/local-cloud';
import { leaves, shows, until } from './browser';
import type { DemoWhatsApp } from './whatsapp';

/** The list side of the workspace (its section is named after the page). */
export const ticketList = (page: Page): Locator => page.getByRole('region', { name: 'Atendimentos' });

/** The ticket of a contact in the list on screen. */
export const listedTicket = (page: Page, contactName: string): Locator =>
  ticketList(page).getByRole('listitem').filter({ hasText: contactName });

/** A tab of the list side: Abertos, Resolvidos, Busca, or the sub-tabs Atendendo and Aguardando (with counts). */
export const listTab = (page: Page, name: 'Abertos' | 'Resolvidos' | 'Busca' | 'Atendendo' | 'Aguardando'): Locator =>
  ticketList(page).getByRole('tab', { name: new RegExp(`^${name}`) });

/** The conversation panel of the ticket on screen (its section is named after the contact). */
export const conversation = (page: Page, contactName: string): Locator => page.getByRole('region', { name: contactName, exact: true });

/** Opens the notes of the ticket on screen. */
export async function openNotes(page: Page, contactName: string): Promise<Locator> {
  await conversation(page, contactName).getByRole('button', { name: 'Observações' }).click();
  return shows(page.getByRole('dialog', { name: 'Observações' }));
}

/**
 * Adds a note in the open notes dialog, sees it listed and confirmed, and closes the dialog. Waits for
 * the confirmation to go: on a phone it covers the top of the screen, where the ticket's buttons are.
 */
export async function addNote(page: Page, note: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Observações' });
  await dialog.getByRole('textbox', { name: 'Escreva uma observação' }).fill(note);
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await shows(dialog.getByRole('list', { name: 'Observações' }).getByText(note));
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await leaves(dialog);
  // The toaster lists its notices, each named by its title.
  const confirmation = await shows(page.getByRole('listitem', { name: 'Observação adicionada com sucesso!' }));
  await leaves(confirmation);
}

/** Transfers the ticket on screen to a queue, with no user: it waits there as pending. */
export async function transferToQueue(page: Page, contactName: string, queueName: string): Promise<void> {
  await conversation(page, contactName).getByRole('button', { name: 'Opções do ticket' }).click();
  await page.getByRole('menuitem', { name: 'Transferir' }).click();
  const dialog = await shows(page.getByRole('dialog', { name: 'Transferir Ticket' }));
  await dialog.getByRole('combobox', { name: /^Fila/ }).click();
  await page.getByRole('option', { name: queueName, exact: true }).click();
  await dialog.getByRole('button', { name: 'Transferir', exact: true }).click();

  await leaves(page.getByRole('dialog', { name: 'Transferir Ticket' }));
}

/**
 * A customer's ticket opened by their first message and accepted by the demo admin, set up through the
 * API (before a browser signs in: a later sign-in ends the API's session). Answers the ticket's ids and number.
 */
export async function attendedTicket(
  cloud: TestCloud,
  whatsapp: DemoWhatsApp,
  customer: { readonly number: string; readonly name: string },
  firstMessage: string,
): Promise<{ readonly id: string; readonly uuid: string; readonly number: number | null }> {
  const { token } = whatsapp;
  await whatsapp.write(customer.number, customer.name, firstMessage);
  const ticket = await until('the ticket', async () => {
    const pending = (await cloud.api('/tickets?status=pending&showAll=true', { token })).body.tickets as { id: string; uuid: string; number: number | null; contact: { number: string } }[];
    return pending.find((candidate) => candidate.contact.number === customer.number);
  });
  const me = (await cloud.api('/auth/me', { token })).body;
  const accepted = await cloud.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { action: 'accept', status: 'open', userId: me.user.id } });
  if (accepted.status !== 200) throw new Error(`accepting the ticket answered ${accepted.status}`);
  return { id: ticket.id, uuid: ticket.uuid, number: ticket.number };
}
