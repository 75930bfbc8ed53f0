/** `npm run reset`: wipes the local cloud's data (.data/). Stop `npm start` first. */
import './quiet-sdk-notice';
import { rm } from 'node:fs/promises';
import { DATA_DIR } from './paths';

await rm(DATA_DIR, { recursive: true, force: true });
process.stdout.write('Local data wiped (.data/). The next npm start seeds the demo company again.\n');
