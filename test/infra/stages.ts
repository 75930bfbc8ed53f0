/**
 * The stages the infra suites assert on, each synthesized once per run: synthesis is the slow part of
 * these tests (several seconds a stage), and the suites ask the same questions of the same stages.
 * The development stage carries what the product's own definitions do not use yet, so its paths are
 * checked too: a standard and a FIFO queue with consumers of known settings, and scheduling granted to
 * a module that does not otherwise schedule.
 */
import { QUEUES, type QueueDefinition } from '../../infra/resources/queues';
import { MODULE_PERMISSIONS } from '../../infra/stacks/constructs/backend';
import { type SynthesizedStage, synthesizeStage } from './synth';

/** A queue with a consumer of known settings. Any existing handler module will do: bundling is skipped. */
export const CONSUMED_QUEUE: QueueDefinition = {
  id: 'test-consumed',
  fifo: false,
  visibilityTimeoutSeconds: 120,
  maxReceiveCount: 5,
  consumer: { module: 'http/version', batchSize: 7, maxConcurrency: 3 },
};

/** The same for a FIFO queue. */
export const CONSUMED_FIFO_QUEUE: QueueDefinition = {
  id: 'test-consumed-fifo',
  fifo: true,
  visibilityTimeoutSeconds: 60,
  maxReceiveCount: 3,
  consumer: { module: 'http/version', batchSize: 10, maxConcurrency: 2 },
};

/** The address the custom-domain production stage subscribes to its alarms (`-c alarmEmail=`). */
export const ALARM_EMAIL = 'oncall@example.com';

/** The table a restore made, which the custom-domain production stage serves from (`-c restoredTableName=`). */
export const RESTORED_TABLE = 'atende-prod-main-restored';

/** Every queue of the development stage. */
export const DEV_QUEUES: readonly QueueDefinition[] = [...QUEUES, CONSUMED_QUEUE, CONSUMED_FIFO_QUEUE];

const STAGES = {
  dev: () => synthesizeStage('dev', { queues: DEV_QUEUES, modulePermissions: { ...MODULE_PERMISSIONS, 'http/version': ['scheduling'] } }),
  prod: () => synthesizeStage('prod'),
  /**
   * Production with the operator's context values: its own domain and certificate, its alarms emailed,
   * and its data served from a table a point-in-time restore made.
   */
  prodCustomDomain: () =>
    synthesizeStage('prod', {
      alarmEmail: ALARM_EMAIL,
      restoredTableName: RESTORED_TABLE,
      webOrigin: 'https://app.example.com',
      webDomain: {
        names: ['app.example.com'],
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
      },
    }),
} as const;

const synthesized = new Map<keyof typeof STAGES, SynthesizedStage>();

/** The stage, synthesized on first use. */
export function stage(name: keyof typeof STAGES): SynthesizedStage {
  let found = synthesized.get(name);
  if (!found) {
    found = STAGES[name]();
    synthesized.set(name, found);
  }
  return found;
}

/** Removes every synthesized stage's temporary directories. */
export function disposeStages(): void {
  for (const found of synthesized.values()) found.dispose();
  synthesized.clear();
}
