/**
 * Synthesizes one stage the way `cdk synth` does (cdk.json's feature flags, the same stack factory),
 * minus the Lambda bundling and against a throwaway web build, and runs cdk-nag's AwsSolutions rules
 * on the result. Synthesis is slow: each test file calls this once per stage, in beforeAll.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { QueueDefinition } from '../../infra/resources/queues';
import { stageConfig } from '../../infra/resources/stage';
import type { Permission } from '../../infra/stacks/constructs/backend';
import type { WebDomain } from '../../infra/stacks/constructs/web-hosting';
import { REPO_ROOT } from '../../infra/stacks/repo-root';
import { createStageStacks, type StageStacks } from '../../infra/stacks/stage-stacks';

export interface SynthOptions {
  readonly queues?: readonly QueueDefinition[];
  readonly modulePermissions?: Readonly<Record<string, readonly Permission[]>>;
  readonly webOrigin?: string;
  readonly webDomain?: WebDomain;
  readonly alarmEmail?: string;
  readonly restoredTableName?: string;
}

export interface SynthesizedStage {
  readonly stacks: StageStacks;
  readonly data: Template;
  readonly app: Template;
  readonly ops: Template;
  /** The cloud assembly directory, where staged assets can be read. */
  readonly outdir: string;
  /** cdk-nag violations: rule id (with finding) and the construct paths that break it. */
  readonly nagViolations: readonly { readonly rule: string; readonly severity: string; readonly paths: readonly string[] }[];
  /** Every acknowledgement recorded in the construct tree: rule id and reason. */
  readonly acknowledgements: readonly { readonly rule: string; readonly reason: string; readonly path: string }[];
  /** Removes the temporary directories. */
  readonly dispose: () => void;
}

function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return cdkJson.context;
}

export function synthesizeStage(stageName: string, options: SynthOptions = {}): SynthesizedStage {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-infra-'));
  try {
    return synthesizeIn(workDir, stageName, options);
  } catch (error) {
    fs.rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}

function synthesizeIn(workDir: string, stageName: string, options: SynthOptions): SynthesizedStage {
  const webDist = path.join(workDir, 'web');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>test</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("test");');

  const outdir = path.join(workDir, 'cdk.out');
  const app = new App({
    outdir,
    // Bundling every Lambda would take minutes; the templates are the same without it.
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] },
  });
  const stage = {
    ...stageConfig(stageName),
    ...(options.webOrigin && { webOrigin: options.webOrigin }),
    ...(options.restoredTableName && { restoredTableName: options.restoredTableName }),
  };
  const stacks = createStageStacks(app, {
    stage,
    webDist,
    queues: options.queues,
    modulePermissions: options.modulePermissions,
    webDomain: options.webDomain,
    alarmEmail: options.alarmEmail,
  });
  const data = Template.fromStack(stacks.data);
  const appTemplate = Template.fromStack(stacks.app);
  const ops = Template.fromStack(stacks.ops);

  const report = new AwsSolutionsChecks(app).validateScope(app);
  const nagViolations = report.violations.map((violation) => ({
    rule: violation.ruleName,
    severity: violation.severity ?? 'error',
    paths: violation.violatingResources.map((resource) => resource.constructPath ?? resource.resourceLogicalId ?? '?'),
  }));

  const acknowledgements = app.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([rule, reason]) => ({
          rule,
          reason,
          path: construct.node.path,
        })),
      ),
  );

  return {
    stacks,
    data,
    app: appTemplate,
    ops,
    outdir,
    nagViolations,
    acknowledgements,
    dispose: () => fs.rmSync(workDir, { recursive: true, force: true }),
  };
}
