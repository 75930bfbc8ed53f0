/** Default ports of `npm start`, each overridable by an environment variable. */
import type { LocalPorts } from '../infra/local/cloud';

const DEFAULTS: Readonly<Record<keyof Required<LocalPorts>, [env: string, port: number]>> = {
  web: ['WEB_PORT', 5173],
  http: ['API_PORT', 8080],
  ws: ['WS_PORT', 8081],
  scheduler: ['SCHEDULER_PORT', 8082],
  dynamodb: ['DYNAMODB_PORT', 8000],
  s3: ['S3_PORT', 4569],
  sqs: ['SQS_PORT', 9324],
  cognito: ['COGNITO_PORT', 9229],
  graph: ['GRAPH_PORT', 8083],
};

export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): LocalPorts {
  const entries = Object.entries(DEFAULTS).map(([name, [variable, fallback]]) => {
    const raw = env[variable];
    const port = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${variable} must be a port number between 1 and 65535, got "${raw}"`);
    }
    return [name, port];
  });
  return Object.fromEntries(entries);
}

export const PORT_VARIABLES = Object.values(DEFAULTS).map(([variable]) => variable);
