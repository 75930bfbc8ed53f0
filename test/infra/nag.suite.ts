/**
 * cdk-nag's AwsSolutions rules on the three stacks of a stage: nothing left unacknowledged, and every
 * acknowledgement justified in at least a sentence.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stage } from './stages';
import type { SynthesizedStage } from './synth';

let dev: SynthesizedStage;
let prod: SynthesizedStage;

beforeAll(() => {
  // The development stage has consumers on a standard and a FIFO queue, and scheduling (stages.ts).
  dev = stage('dev');
  prod = stage('prod');
});

/** A sentence: at least twenty characters ending with a full stop (and, checked apart, six words). */
const SENTENCE = /^\S.{19,}\.$/s;

describe('cdk-nag AwsSolutions', () => {
  it('reports nothing unacknowledged in a development stage with a queue consumer and scheduling', () => {
    // Act
    const violations = dev.nagViolations;

    // Assess
    expect(violations).toEqual([]);
  });

  it('reports nothing unacknowledged in production', () => {
    // Act
    const violations = prod.nagViolations;

    // Assess
    expect(violations).toEqual([]);
  });

  it('needs no acknowledgement in the ops stack: its topic, key and alarms satisfy the rules as they are', () => {
    // Act
    const inOps = [...dev.acknowledgements, ...prod.acknowledgements].filter(
      ({ rule, path }) => /^Annotation::AwsSolutions-/.test(rule) && /^atende-(dev|prod)-ops\//.test(path),
    );

    // Assess
    expect(dev.stacks.ops.node.findAll().length).toBeGreaterThan(50);
    expect(inOps).toEqual([]);
  });

  it('gives every acknowledgement of an AwsSolutions rule a reason of at least one sentence', () => {
    // Prepare
    const acknowledgements = [...dev.acknowledgements, ...prod.acknowledgements];

    // Act
    // aws-cdk-lib acknowledges some of its own template checks (CloudFormation-Validate::...); not ours.
    const nag = acknowledgements.filter(({ rule }) => /^Annotation::AwsSolutions-/.test(rule));
    const unjustified = nag.filter(({ reason }) => !SENTENCE.test(reason) || reason.split(/\s+/).length < 6);

    // Assess
    expect(nag.length).toBeGreaterThan(10);
    expect(unjustified).toEqual([]);
  });

  it('catches an unacknowledged violation, so the checks above can fail', () => {
    // Prepare
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-nag-probe-'));
    const app = new App({ outdir });
    const stack = new Stack(app, 'probe');
    new s3.Bucket(stack, 'Unlogged', { enforceSSL: true });

    // Act
    const report = new AwsSolutionsChecks(app).validateScope(app);
    fs.rmSync(outdir, { recursive: true, force: true });

    // Assess
    expect(report.violations.map((violation) => violation.ruleName)).toContain('AwsSolutions-S1');
  });
});
