/**
 * The API page keeps zod out of its JavaScript: its own modules and its API module import nothing from
 * zod, and from shared/ (whose schemas are zod) only types, which the build erases. The reference is
 * read from the document the server generated, not from the schemas.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const pageFolder = join(root, 'web/src/messages-api');
const files = [...readdirSync(pageFolder).map((name) => join(pageFolder, name)), join(root, 'web/src/api/external-api.ts')];

/** Each import that brings values (not `import type`), with its specifier resolved when relative. */
function valueImports(file: string, source = readFileSync(file, 'utf8')): string[] {
  return [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms), ...source.matchAll(/import\('([^']+)'\)/g)].map(([, specifier = '']) =>
    specifier.startsWith('.') ? relative(root, resolve(dirname(file), specifier)) : specifier,
  );
}

const zodOrShared = (specifier: string) => specifier === 'zod' || specifier.startsWith('zod/') || specifier.startsWith('shared/');

describe("the API page's imports", () => {
  it('include the page, its forms, its reference and its API module', () => {
    expect(files.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining(['web/src/messages-api/MessagesApiPage.tsx', 'web/src/messages-api/ApiReference.tsx', 'web/src/api/external-api.ts']),
    );
  });

  it('are read as the build sees them: a value import counts, a type import does not', () => {
    const source = [
      "import type { ExternalSendResult } from '../../../shared/external-api';",
      "import { z } from 'zod';",
      "import {\n  MESSAGE_BODY_MAX,\n} from '../../../shared/messages';",
      "const page = () => import('./Lazy');",
    ].join('\n');
    expect(valueImports(join(pageFolder, 'X.tsx'), source)).toEqual(['zod', 'shared/messages', 'web/src/messages-api/Lazy']);
    expect(valueImports(join(pageFolder, 'MessagesApiPage.tsx'))).toContain('@fluentui/react-components');
  });

  it.each(files.map((file) => [relative(root, file), file]))('%s imports no zod and no value from shared/', (_, file) => {
    expect(valueImports(file).filter(zodOrShared)).toEqual([]);
  });
});
