/**
 * cdk-nag acknowledgements, in one vocabulary. cdk-nag 3 runs as a CDK validation plugin and matches an
 * acknowledgement by exact id on the resource or one of its ancestors; rules that report several
 * findings per resource (IAM4, IAM5) need the finding in the id, written the way cdk-nag prints the
 * resolved template. The helpers below build those ids from the same tokens the policies use, so an
 * acknowledgement keeps matching whether the stack is synthesized with or without a concrete account.
 *
 * Every acknowledgement carries a reason of at least one sentence; the infra tests check that.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
// Not exported from the package index; this is the function cdk-nag itself uses to print findings.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';

/** Acknowledges an AwsSolutions rule (`S1`, `APIG4`, ...) on a construct and everything under it. */
export function acknowledgeRule(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}

/** How cdk-nag prints a (possibly tokenized) ARN or action inside a finding. */
function finding(scope: IConstruct, value: string): string {
  return flattenCfnReference(Stack.of(scope).resolve(value));
}

/** Acknowledges one wildcard resource (IAM5) in the policies of `scope`; `arn` as given to the policy. */
export function acknowledgeWildcardResource(scope: IConstruct, arn: string, reason: string): void {
  acknowledgeRule(scope, `IAM5[Resource::${finding(scope, arn)}]`, reason);
}

/** Acknowledges one wildcard action (IAM5), e.g. `s3:GetObject*`, in the policies of `scope`. */
export function acknowledgeWildcardAction(scope: IConstruct, action: string, reason: string): void {
  acknowledgeRule(scope, `IAM5[Action::${action}]`, reason);
}

/** Acknowledges one AWS managed policy (IAM4) attached to a role under `scope`. */
export function acknowledgeManagedPolicy(scope: IConstruct, policyArn: string, reason: string): void {
  acknowledgeRule(scope, `IAM4[Policy::${finding(scope, policyArn)}]`, reason);
}
