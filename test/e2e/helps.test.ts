/**
 * The helps page in a browser (spec 3 §2 Helps): a help video the super user created through the API
 * shows as a card with the host's thumbnail; the card opens the popup player from the mouse or the
 * keyboard, with nothing playing and a link to the video's page beside the frame, and Escape closes it;
 * a thumbnail that cannot load leaves the title and a link to the host instead of a broken image.
 * axe-core finds no serious or critical violation on the page or in the popup, light and dark.
 *
 * No network is reachable here, so the video host is stood in for by the browser's request routing:
 * the thumbnail answers a small picture (or fails, when a test says so) and the player a bare page.
 */
import type { Page } from 'playwright-core';
import { leaves, seriousViolations, shows, startWebCloud, type WebCloud } from './support/browser';
import { ifAssigned } from '../support/teardown';

const HELP = { title: 'Como abrir um atendimento', video: 'dQw4w9WgXcQ', description: 'Do primeiro contato ao ticket aberto.' };
/** A 1×1 PNG, the stand-in thumbnail. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud({ privateCloud: true });
  // Through the API first: a later sign-in of the demo admin (the browser's) ends the API's session.
  const { accessToken: token } = await web.cloud.signIn(web.login.email, web.login.password);
  const created = await web.cloud.api('/helps', { method: 'POST', token, body: HELP });
  expect(created.status).toBe(201);
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

/** The video host, answered by the browser itself: thumbnails that load or fail, and a bare player page. */
async function standInVideoHost(page: Page, thumbnails: 'load' | 'fail'): Promise<void> {
  await page.context().route('https://img.youtube.com/**', (route) =>
    thumbnails === 'load' ? route.fulfill({ status: 200, contentType: 'image/png', body: PNG }) : route.abort('internetdisconnected'),
  );
  await page.context().route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }),
  );
}

const card = (page: Page) => page.getByRole('list', { name: 'Vídeos de ajuda' }).getByRole('listitem').filter({ hasText: HELP.title });
const openButton = (page: Page) => page.getByRole('button', { name: `Assistir: ${HELP.title}`, exact: true });

async function openHelps(page: Page): Promise<void> {
  await page.goto('/helps');
  await shows(page.getByRole('heading', { name: 'Ajuda', level: 1 }));
  await shows(card(page));
}

describe('the helps page', () => {
  it("shows a help created through the API as a card with the host's thumbnail and its description", async () => {
    const page = await web.newPage({ signedIn: true });
    await standInVideoHost(page, 'load');
    await openHelps(page);

    const thumbnail = card(page).locator('img');
    await shows(thumbnail);
    expect(await thumbnail.getAttribute('src')).toBe(`https://img.youtube.com/vi/${HELP.video}/0.jpg`);
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await thumbnail.elementHandle());
    await shows(card(page).getByText(HELP.description));
    expect(await card(page).getByRole('link').count()).toBe(0);
  });

  it('opens the popup player from the card, with no autoplay and a link to the host, and Escape closes it', async () => {
    const page = await web.newPage({ signedIn: true });
    await standInVideoHost(page, 'load');
    await openHelps(page);

    await openButton(page).click();

    const popup = await shows(page.getByRole('dialog', { name: HELP.title }));
    const frame = popup.locator(`iframe[title="${HELP.title}"]`);
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(`https://www.youtube-nocookie.com/embed/${HELP.video}`);
    expect(src.searchParams.has('autoplay')).toBe(false);
    const link = popup.getByRole('link', { name: 'Abrir no YouTube' });
    expect(await link.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${HELP.video}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    await page.keyboard.press('Escape');
    await leaves(popup);
  });

  it('opens the popup from the keyboard, and gives the focus back to the card when Escape closes it', async () => {
    const page = await web.newPage({ signedIn: true });
    await standInVideoHost(page, 'load');
    await openHelps(page);
    await openButton(page).focus();

    await page.keyboard.press('Enter');

    const popup = await shows(page.getByRole('dialog', { name: HELP.title }));
    await page.keyboard.press('Escape');
    await leaves(popup);
    expect(await openButton(page).evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('shows the title and a link to the host where the thumbnail cannot load, never a broken image', async () => {
    const page = await web.newPage({ signedIn: true });
    await standInVideoHost(page, 'fail');
    await openHelps(page);

    const link = await shows(card(page).getByRole('link', { name: 'Abrir no YouTube' }));
    expect(await link.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${HELP.video}`);
    await shows(card(page).getByText('Miniatura indisponível'));
    expect(await card(page).locator('img').count()).toBe(0);
    // The title on the frame, and under it; the card still opens the player.
    expect(await card(page).getByText(HELP.title).count()).toBe(2);
    await openButton(page).click();
    await shows(page.getByRole('dialog', { name: HELP.title }));
  });
});

describe('the helps page on a phone (390 px)', () => {
  it('fits the cards and the popup player without sideways scroll', async () => {
    const page = await web.newPage({ signedIn: true, viewport: { width: 390, height: 844 } });
    await standInVideoHost(page, 'load');
    await openHelps(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);

    await openButton(page).click();
    const popup = await shows(page.getByRole('dialog', { name: HELP.title }));
    const frame = await popup.locator('iframe').boundingBox();

    expect(frame?.width).toBeLessThanOrEqual(390);
    expect(await overflow()).toBe(0);
  });
});

describe('accessibility of the helps page (axe-core, impact serious or critical)', () => {
  it.each(['light', 'dark'] as const)('finds no violation on the cards or in the popup player, in the %s theme', async (colorScheme) => {
    const page = await web.newPage({ signedIn: true, colorScheme });
    await standInVideoHost(page, 'fail');
    await openHelps(page);
    await shows(page.getByRole('button', { name: colorScheme === 'dark' ? 'Usar tema claro' : 'Usar tema escuro' }));
    await shows(card(page).getByRole('link', { name: 'Abrir no YouTube' }));

    expect(await seriousViolations(page)).toEqual([]);

    await openButton(page).click();
    await shows(page.getByRole('dialog', { name: HELP.title }));
    // Measured mid fade-in, the popup's colours would be blended with the backdrop.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

    expect(await seriousViolations(page)).toEqual([]);
  });
});
