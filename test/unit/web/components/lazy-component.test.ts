/**
 * Components whose code loads apart (web/src/components/lazy-component.tsx): loaded once however often
 * asked, a failed load tried again, and one loaded ahead rendered at once, without suspending (a
 * Suspense boundary that shows its fallback holds its content back at least 300 ms).
 */
import { createElement, Suspense, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { lazyComponent } from '../../../../web/src/components/lazy-component';

const Greeting = ({ name }: { readonly name: string }) => createElement('p', null, `Olá, ${name}`);

/** What the component renders inside a Suspense boundary, on the server (one pass, no waiting). */
const rendered = (component: ComponentType<{ readonly name: string }>) =>
  renderToStaticMarkup(createElement(Suspense, { fallback: createElement('span', null, 'carregando') }, createElement(component, { name: 'Ana' })));

describe('lazyComponent', () => {
  test('loads the code once however often it is asked', async () => {
    // Prepare
    let imports = 0;
    const Lazy = lazyComponent(async () => {
      imports += 1;
      return Greeting;
    });

    // Act
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    await Lazy.preload();

    // Assess
    expect(imports).toBe(1);
  });

  test('renders the component itself once its code was loaded ahead, and suspends before', async () => {
    // Prepare
    const Lazy = lazyComponent(async () => Greeting);

    // Act
    const before = rendered(Lazy);
    await Lazy.preload();
    const after = rendered(Lazy);

    // Assess
    expect(before).toBe('<span>carregando</span>');
    expect(after).toBe('<p>Olá, Ana</p>');
  });

  test('tries a failed load again on the next ask (offline, a release replaced the file)', async () => {
    // Prepare
    let imports = 0;
    const Lazy = lazyComponent(async () => {
      imports += 1;
      if (imports === 1) throw new Error('network');
      return Greeting;
    });

    // Act
    const first = await Lazy.preload().then(
      () => 'loaded',
      () => 'failed',
    );
    await Lazy.preload();

    // Assess
    expect(first).toBe('failed');
    expect(imports).toBe(2);
    expect(rendered(Lazy)).toBe('<p>Olá, Ana</p>');
  });
});
