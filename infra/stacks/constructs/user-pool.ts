/**
 * The Cognito user pool and the web app's client. Accounts are created by the backend (the email is
 * the username, the password is set permanent at creation), so self sign-up is off; the web signs in
 * with USER_PASSWORD_AUTH through aws-amplify (docs/architecture.md §3 "Auth").
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { StageConfig } from '../../resources/stage';
import { acknowledgeRule } from '../nag';

export interface UserPoolProps {
  readonly stage: StageConfig;
}

export class UserPool extends Construct {
  readonly pool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, { stage }: UserPoolProps) {
    super(scope, id);
    this.pool = new cognito.UserPool(this, 'Pool', {
      userPoolName: `atende-${stage.name}-users`,
      selfSignUpEnabled: false,
      // Email is the sign-in name (the pool's username attribute), as in the local pool: a changed email
      // becomes the new sign-in name and an old one is free for a new user.
      signInAliases: { email: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: true } },
      // docs/architecture.md §8: at least 8 characters with upper case, lower case and a digit, everywhere.
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: stage.retainData,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledgeRule(
      this.pool,
      'COG1',
      'The product requires 8+ characters with upper case, lower case and a digit but no symbol (docs/architecture.md §8, the spec password rule), and the same rule is enforced by the backend and the forms.',
    );
    acknowledgeRule(
      this.pool,
      'COG2',
      'The specification has no MFA for tenants and agents, so MFA stays off until the product offers an enrolment flow.',
    );
    acknowledgeRule(
      this.pool,
      'COG8',
      'The Plus feature plan (threat protection) is billed per monthly active user; the stage ships on Essentials and the operator may upgrade without code changes.',
    );

    this.client = this.pool.addClient('WebClient', {
      userPoolClientName: `atende-${stage.name}-web`,
      // A browser cannot keep a secret; USER_PASSWORD_AUTH is the flow the web and the local cloud share.
      generateSecret: false,
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
  }
}
