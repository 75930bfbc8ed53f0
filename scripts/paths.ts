/** Paths of the repository, independent of the directory a command is started from. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DATA_DIR = join(REPO_ROOT, '.data');
