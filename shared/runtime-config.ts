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
  /**
   * The stage offers the WhatsApp simulator for new connections (infra/resources/stage.ts; always
   * locally): the connection form then shows the provider choice. Absent means not offered; the server
   * refuses the simulator there anyway.
   */
  readonly simulatorEnabled?: boolean;
}
