/**
 * The repository root, from which the CDK app finds the handler sources, the lockfile, the session
 * host's Dockerfile and the web build, whatever directory `cdk` or jest was started from.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
