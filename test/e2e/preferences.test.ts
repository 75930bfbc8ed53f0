/**
 * The user's interface preferences in the browser: the language (Portuguese by default, English,
 * Spanish) and the light or dark theme, each stored in the browser and kept after a reload.
 */
import type { Page } from 'playwright-core';
import { shows, startWebCloud, type WebCloud } from './support/browser';
import { ifAssigned } from '../support/teardown';

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud();
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);
/** Waits for the tabs of the ticket lists, named as in the language on screen. */
async function showsTicketTabs(page: Page, list: string, tabs: readonly string[]): Promise<void> {
  const tablist = await shows(page.getByRole('tablist', { name: list }));
  for (const tab of tabs) await shows(tablist.getByRole('tab', { name: tab, exact: true }));
}

/** The language picker in the header, named 'Idioma' in Portuguese and Spanish, 'Language' in English. */
async function pickLanguage(page: Page, language: 'English' | 'Español' | 'Português'): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: /Idioma|Language/ }).click();
  await page.getByRole('menuitemradio', { name: language }).click();
}

describe('the language', () => {
  it('switches the interface from Portuguese to English and then Spanish, and keeps the choice', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/tickets');
    await showsTicketTabs(page, 'Listas de atendimentos', ['Abertos', 'Resolvidos', 'Busca']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');

    await pickLanguage(page, 'English');
    await showsTicketTabs(page, 'Ticket lists', ['Open', 'Resolved', 'Search']);
    expect(await page.getByRole('tablist', { name: 'Listas de atendimentos' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await pickLanguage(page, 'Español');
    await showsTicketTabs(page, 'Listas de atenciones', ['Abiertas', 'Resueltas', 'Búsqueda']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await stored(page, 'language')).toBe('es');

    await page.reload();
    await showsTicketTabs(page, 'Listas de atenciones', ['Abiertas', 'Resueltas', 'Búsqueda']);
  });
});

describe('the theme', () => {
  // Read once the header shows the account (the greeting), so it is the header that stays.
  const headerBackground = (page: Page) => page.getByRole('banner').evaluate((header) => getComputedStyle(header).getPropertyValue('background-color'));

  it('turns dark and back to light from the header, and keeps the choice', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'light' });
    await page.goto('/tickets');
    await shows(page.getByRole('banner').getByText(/Seja bem-vindo/));
    const toDark = await shows(page.getByRole('button', { name: 'Usar tema escuro' }));
    expect(await headerBackground(page)).toBe('rgb(255, 255, 255)');

    await toDark.click();
    await shows(page.getByRole('button', { name: 'Usar tema claro' }));
    expect(await headerBackground(page)).toBe('rgb(41, 41, 41)');
    expect(await stored(page, 'preferredTheme')).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');

    await page.reload();
    await shows(page.getByRole('banner').getByText(/Seja bem-vindo/));
    await shows(page.getByRole('button', { name: 'Usar tema claro' }));
    expect(await headerBackground(page)).toBe('rgb(41, 41, 41)');

    await page.getByRole('button', { name: 'Usar tema claro' }).click();
    await shows(page.getByRole('button', { name: 'Usar tema escuro' }));
    expect(await headerBackground(page)).toBe('rgb(255, 255, 255)');
    expect(await stored(page, 'preferredTheme')).toBe('light');
  });

  it("follows the system's dark preference until the user picks a theme", async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'dark' });
    await page.goto('/tickets');
    await shows(page.getByRole('banner').getByText(/Seja bem-vindo/));

    await shows(page.getByRole('button', { name: 'Usar tema claro' }));
    expect(await headerBackground(page)).toBe('rgb(41, 41, 41)');
    expect(await stored(page, 'preferredTheme')).toBeNull();
  });
});
