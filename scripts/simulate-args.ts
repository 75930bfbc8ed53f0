/**
 * The command line of `npm run simulate` (scripts/simulate.ts), read with node's parseArgs. One rule of
 * ours on top: the value of an option that takes one may start with '-', as a place in the southern or
 * western hemisphere does (`--location "-23.55,-46.63,Av. Paulista"`, the README's example), where
 * parseArgs alone refuses it as ambiguous. Only a known `--option` after it counts as the next option.
 */
import { parseArgs } from 'node:util';

const OPTIONS = {
  stage: { type: 'string' },
  email: { type: 'string' },
  connection: { type: 'string' },
  from: { type: 'string' },
  name: { type: 'string' },
  text: { type: 'string' },
  file: { type: 'string' },
  reply: { type: 'string' },
  location: { type: 'string' },
  vcard: { type: 'string' },
  id: { type: 'string' },
  video: { type: 'boolean', default: false },
  phone: { type: 'string' },
  code: { type: 'string' },
  api: { type: 'string' },
  hours: { type: 'string' },
  // No default: absent stays absent, so the values read are only those given.
  new: { type: 'boolean' },
} as const;

const TAKES_A_VALUE: ReadonlySet<string> = new Set(
  Object.entries(OPTIONS)
    .filter(([, option]) => option.type === 'string')
    .map(([name]) => `--${name}`),
);

/** Whether an argument is one of the options above (as `--name` or `--name=value`), or `--`. */
function isOption(arg: string): boolean {
  if (arg === '--') return true;
  const name = arg.split('=', 1)[0] ?? '';
  return name.startsWith('--') && Object.hasOwn(OPTIONS, name.slice(2));
}

/** The arguments with `--option -value` written `--option=-value`, which parseArgs reads as meant. */
function joinDashedValues(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const next = args[index + 1];
    if (arg === '--') {
      joined.push(...args.slice(index));
      break;
    }
    if (TAKES_A_VALUE.has(arg) && next !== undefined && next.startsWith('-') && !isOption(next)) {
      joined.push(`${arg}=${next}`);
      index += 1;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

export function parseSimulateArgs(args: readonly string[]) {
  return parseArgs({ args: joinDashedValues(args), allowPositionals: true, options: OPTIONS });
}
