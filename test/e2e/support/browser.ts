/**
 * Harness of the browser tests: a local cloud with the built web app served beside it (web-server.ts),
 * Debian's Chromium driven by playwright-core, and pages signed in as the file's admin. One browser per
 * Jest worker, shared by its files (shared-browser-daemon.ts); each page in a context of its own
 * (cookies, storage), closed by `closePages`.
 *
 * A file gets a company of its own shaped like the demo one (a plan with every feature, the queue
 * Atendimento, an admin named Admin) on the worker's shared cloud, so files never see each other's
 * tickets. A file that needs the platform's super user or changes platform-wide state (plans,
 * companies, helps, announcements, the platform's settings) asks for a private cloud, whose demo
 * admin is the super user.
 *
 * The browser is Debian's, never one downloaded by Playwright: its headless shell
 * (`apt-get install -y chromium-headless-shell`) where it is installed, else its Chromium
 * (`apt-get install -y chromium`); CHROMIUM_PATH points elsewhere when it lives elsewhere. Without one
 * the tests fail, saying so.
 */
import { access, constants, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, errors, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { signIn } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ulid } from 'ulid';
import { dynamo } from '../../../functions/core/aws/clients';
import { createCompany } from '../../../functions/core/companies/create-company';
import { planItem } from '../../../functions/core/repositories/plans';
import { DEMO_PLAN } from '../../../scripts/seed-demo';
import { configureAmplify } from '../../../web/src/auth/amplify';
import { forgetSessionsOf } from '../../support/connections';
import { DEMO_LOGIN, RANDOM_PORTS, startTestCloud, type TestCloud } from '../../support/local-cloud';
import { sharedTestCloud } from '../../support/shared-cloud';
import { builtWebRoot, serveBuiltWeb } from '../../support/web-server';
import { workerDaemon } from '../../support/worker-daemon';
import type { SharedBrowserDescription } from './shared-browser-daemon';

export { DEMO_LOGIN };

/**
 * The headless shell is the same Chromium without the browser's user interface layer, which a test never
 * sees: the browser tests spend about a fifth less CPU in it (README, Tests), and they are most of the
 * suite's CPU. Both are Debian packages of the same source and version.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

const isExecutable = (path: string) => access(path, constants.X_OK).then(() => true, () => false);

/** CHROMIUM_PATH when set, else Debian's headless shell when installed, else Debian's Chromium. */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return (await isExecutable(HEADLESS_SHELL_PATH)) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH;
}

/** How long a locator waits for what a user would see: seconds for a person, more on a loaded machine. */
const ACTION_TIMEOUT_MS = 15_000;

const BROWSER_DAEMON = fileURLToPath(new URL('./shared-browser-daemon.ts', import.meta.url));

/**
 * The worker's Chromium, started by its first browser test file and connected to by the next ones, or an
 * error that says how to install it: a missing browser must fail the run, not skip it.
 */
export async function connectChromium(): Promise<Browser> {
  const executable = await chromiumPath();
  if (!(await isExecutable(executable))) {
    throw new Error(
      `The browser tests need Chromium at ${executable}, which is missing. Install Debian's packages with ` +
        '`apt-get install -y chromium chromium-headless-shell` (as root, or with sudo), or set CHROMIUM_PATH to another Chromium.',
    );
  }
  const { wsEndpoint } = await workerDaemon<SharedBrowserDescription>('shared-browser', BROWSER_DAEMON, [executable]);
  return chromium.connect(wsEndpoint);
}

export interface Login {
  readonly email: string;
  readonly password: string;
}

export interface WebCloud {
  readonly cloud: TestCloud;
  /** The file's admin: of its own company on the shared cloud, the demo admin (super user) on a private one. */
  readonly login: Login;
  /** A fresh context and page (desktop size unless told), its defaults set; signed in when asked. */
  newPage(options?: BrowserContextOptions & { signedIn?: boolean }): Promise<Page>;
  /** Closes every context opened since the last call (afterEach). */
  closePages(): Promise<void>;
  stop(): Promise<void>;
}

interface Served {
  readonly cloud: TestCloud;
  readonly login: Login;
  readonly url: string;
  stop(): Promise<void>;
}

/** A company of the file's own on the worker's shared cloud, shaped like the demo company. */
async function sharedServed(): Promise<Served> {
  const cloud = await sharedTestCloud();
  const slug = ulid().toLowerCase();
  const plan = { ...DEMO_PLAN, id: `demo-${slug}`, name: `Demo ${slug}` };
  await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: planItem(plan) }));
  const login = { email: `admin@${slug}.demo.test`, password: DEMO_LOGIN.password };
  const { company } = await createCompany({
    company: { name: 'Demo', email: login.email, phone: '', planId: plan.id, dueDate: '2999-12-31', recurrence: 'MENSAL', status: true },
    admin: { name: 'Admin', email: login.email, password: login.password, super: false },
    firstQueue: { name: 'Atendimento', color: '#0f766e' },
  });
  // The app is served by the shared cloud's process as soon as the background build has ended.
  await builtWebRoot();
  return { cloud, login, url: cloud.urls.web, stop: () => forgetSessionsOf(company.id) };
}

/** A private cloud with the demo data and the built web app served beside it. */
async function privateServed(): Promise<Served> {
  const server = await serveBuiltWeb();
  try {
    // The cloud allows the web app's origin, so it learns the port the app is served on.
    const cloud = await startTestCloud({ ports: { ...RANDOM_PORTS, web: server.port } });
    server.setConfig(cloud.config);
    await builtWebRoot();
    return {
      cloud,
      login: DEMO_LOGIN,
      url: server.url,
      async stop() {
        await server.stop();
        await cloud.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * The web app on a cloud, and Chromium: by default a company of the file's own on the worker's shared
 * cloud; `{ privateCloud: true }` for a file that needs the super user or changes platform-wide state.
 */
export async function startWebCloud(options: { readonly privateCloud?: boolean } = {}): Promise<WebCloud> {
  const browser = await connectChromium();
  let served: Served;
  try {
    served = options.privateCloud ? await privateServed() : await sharedServed();
  } catch (error) {
    await browser.close();
    throw error;
  }
  const { cloud, login } = served;
  const contexts: BrowserContext[] = [];
  // The file's admin's browser storage (Amplify's tokens in localStorage), from one sign-in per file.
  let signedInStorage: { name: string; value: string }[] | undefined;

  // Reduced motion: Fluent then skips its opening and closing animations, which a test would only wait
  // out (and a headless Chromium paints frame by frame on the CPU).
  const open = async (options: BrowserContextOptions = {}): Promise<Page> => {
    const context = await browser.newContext({
      baseURL: served.url,
      viewport: { width: 1280, height: 800 },
      locale: 'pt-BR',
      reducedMotion: 'reduce',
      ...options,
    });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    contexts.push(context);
    return context.newPage();
  };

  return {
    cloud,
    login,
    async newPage({ signedIn = false, ...options } = {}) {
      if (!signedIn) return open(options);
      signedInStorage ??= await amplifyStorageOf(cloud, login);
      const page = await open(options);
      // Written before the app's first script, once per tab (a later sign-out and reload stays signed
      // out): cheaper than Playwright's storageState option, which opens the origin in a page of its own
      // to fill its storage.
      await page.context().addInitScript((entries) => {
        if (sessionStorage.getItem('e2e-signed-in') !== null) return;
        for (const entry of entries) localStorage.setItem(entry.name, entry.value);
        sessionStorage.setItem('e2e-signed-in', '1');
      }, signedInStorage);
      return page;
    },
    async closePages() {
      const closing = contexts.splice(0);
      await Promise.all(closing.map((context) => context.close()));
    },
    async stop() {
      // On the shared browser this closes the file's contexts and disconnects.
      await browser.close().catch(() => undefined);
      await served.stop();
    },
  };
}

/**
 * What the app keeps in localStorage once `login` has signed in: the same Amplify, configured by the
 * app's own function, signs in here in Node into a storage of its own, so the entries are those the app
 * writes. A page's load and a sign-in through the form cost about 2.5 CPU-seconds of Chromium per file;
 * the form itself is tested by sign-in.test.ts and by every test that signs another user in.
 */
async function amplifyStorageOf(cloud: TestCloud, login: Login): Promise<{ name: string; value: string }[]> {
  const entries = new Map<string, string>();
  configureAmplify(cloud.config);
  // After configure, which sets Amplify's default (browser) storage.
  cognitoUserPoolsTokenProvider.setKeyValueStorage({
    setItem: (key, value) => {
      entries.set(key, value);
      return Promise.resolve();
    },
    getItem: (key) => Promise.resolve(entries.get(key) ?? null),
    removeItem: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
    clear: () => {
      entries.clear();
      return Promise.resolve();
    },
  });
  await signIn({ username: login.email, password: login.password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  return [...entries].map(([name, value]) => ({ name, value }));
}

/** Signs the user in at /login, as a user does, and waits for the ticket workspace. */
export async function signInThroughTheForm(page: Page, login: Login): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel(/^Senha/).fill(login.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL('**/tickets');
}

/**
 * How long each of the short waits lasts that make up a locator's wait. Playwright looks for the locator
 * at once, then 20, 50, 100 and 100 ms apart, then every 500 ms; but it leaves out the steps longer than
 * a fifth of the wait's timeout, so in a wait of 450 ms it looks every 50 ms. What shows after a round
 * trip to the cloud (most things) was found, in one long wait, on average a quarter of a second late:
 * the browser tests alone took 352 s, and 329 s in these slices, for the same CPU (README, Tests).
 */
const WAIT_SLICE_MS = 450;

/** Waits for the locator's state in slices of WAIT_SLICE_MS, up to ACTION_TIMEOUT_MS in all. */
async function waitForState(locator: Locator, state: 'visible' | 'hidden'): Promise<void> {
  const deadline = Date.now() + ACTION_TIMEOUT_MS;
  for (;;) {
    const left = deadline - Date.now();
    try {
      await locator.waitFor({ state, timeout: Math.max(1, Math.min(WAIT_SLICE_MS, left)) });
      return;
    } catch (error) {
      if (!(error instanceof errors.TimeoutError)) throw error;
      if (Date.now() >= deadline) throw new errors.TimeoutError(`${locator.toString()} was not ${state} after ${ACTION_TIMEOUT_MS} ms`, { cause: error });
    }
  }
}

/** Waits until the locator shows; a timeout fails the test naming the locator, with Playwright's last log as its cause. */
export async function shows(locator: Locator): Promise<Locator> {
  await waitForState(locator, 'visible');
  return locator;
}

/** Waits until the locator is gone from the page (detached or hidden). */
export async function leaves(locator: Locator): Promise<void> {
  await waitForState(locator, 'hidden');
}

/** Polls until the probe gives a value (not undefined or false); for state outside the page (the phone, the API). */
export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, attempts = 250): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// axe-core's browser bundle, read once per file and injected into pages as a script.
const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  /** Each offending element: its selector, the start of its HTML and what axe says to fix. */
  readonly nodes: readonly string[];
}

/** The page's accessibility violations of impact serious or critical, as axe-core reports them. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: await axeSource });
  // Axe reads colours as painted: a dialog still fading in shows its text at part of its opacity (a hint's
  // #adadad on #262626 measured as #868686, 4.15:1), so finite animations end first (at most 2 s).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const violations = await page.evaluate(async () => {
    // Set by the script just added; its types are not part of this page's program.
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: unknown[] }> } }).axe;
    // Tabster's focus sentinels (Fluent's focus management) are focusable and aria-hidden on purpose:
    // they hand the focus on as soon as they get it, so a screen reader never meets them.
    const result = await axe.run({ exclude: [['[data-tabster-dummy]']] }, { resultTypes: ['violations'] });
    return result.violations as {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; html: string; failureSummary?: string }[];
    }[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.map(String).join(' ')} ${node.html.slice(0, 300)} ${node.failureSummary ?? ''}`),
    }));
}
