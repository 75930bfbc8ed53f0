/**
 * The web app's runtime configuration, `/config.json`: written next to the bundle by the CDK app from
 * the stack outputs and served by the local cloud from the dev server. One build serves every stage.
 */
export interface RuntimeConfig {
  readonly apiUrl: string;
  readonly wsUrl: string;
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** Only locally: the cognito-local endpoint that stands in for Cognito. */
  readonly cognitoEndpoint?: string;
}
