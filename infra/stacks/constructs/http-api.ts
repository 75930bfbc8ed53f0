/**
 * The HTTP API, generated from the route table (infra/resources/http-routes.ts): one Lambda per resource
 * module used by the routes, one route per entry, the Cognito JWT authorizer on `jwt` routes, CORS for
 * the stage's web origin and access logs on the default stage.
 *
 * The API is made first and its routes later (`addRoutes`), as the WebSocket API's handlers are: every
 * function's environment carries the API's own address (ENV.publicApiUrl, a Cloud API connection's
 * webhook URL), so the API must exist before the functions, and the functions before the routes. A
 * function refers to the API, the routes to the functions: no cycle.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import {
  HTTP_CORS,
  HTTP_MODULES,
  HTTP_ROUTES,
  type HttpModule,
  httpModuleEntry,
  routeKey,
} from '../../resources/http-routes';
import { logRetention } from '../log-retention';
import type { StageConfig } from '../../resources/stage';
import { acknowledgeRule } from '../nag';
import type { AddFunction } from './function-factory';

export interface HttpApiProps {
  readonly stage: StageConfig;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** The only origin CORS allows. */
  readonly webOrigin: string;
}

/** The module path under functions/ of a resource module: `functions/http/auth.ts` -> `http/auth`. */
const modulePath = (module: HttpModule): string => httpModuleEntry(module).replace(/^functions\//, '').replace(/\.ts$/, '');

/** One JSON object per request; only variables HTTP APIs define. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTime',
    routeKey: '$context.routeKey',
    status: '$context.status',
    responseLength: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
  }),
);

export class HttpApi extends Construct {
  readonly api: apigwv2.HttpApi;
  /** Base URL of the API (no trailing slash). */
  readonly url: string;
  private readonly authorizer: HttpUserPoolAuthorizer;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    const { stage, userPool, userPoolClient, webOrigin } = props;

    this.api = new apigwv2.HttpApi(this, 'Api', {
      apiName: `atende-${stage.name}-http`,
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [webOrigin],
        allowMethods: HTTP_CORS.allowMethods.map((method) => apigwv2.CorsHttpMethod[method]),
        allowHeaders: [...HTTP_CORS.allowHeaders],
        exposeHeaders: [...HTTP_CORS.exposeHeaders],
        maxAge: Duration.seconds(HTTP_CORS.maxAgeSeconds),
        allowCredentials: HTTP_CORS.allowCredentials,
      },
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logRetention(stage),
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: ACCESS_LOG_FORMAT,
      },
    });
    this.url = this.api.apiEndpoint;

    // Cognito access tokens carry the app client in `client_id`, which API Gateway checks as the audience.
    this.authorizer = new HttpUserPoolAuthorizer('Cognito', userPool, { userPoolClients: [userPoolClient] });
  }

  /** Makes each resource module's Lambda (Backend.addFunction) and the routes of the route table to them. */
  addRoutes(addFunction: AddFunction): void {
    const authorizer = this.authorizer;
    const modules = [...new Set(HTTP_ROUTES.map((route) => route.module))];
    const integrations = new Map(
      modules.map((module) => {
        const { memoryMb, timeoutSeconds } = HTTP_MODULES[module];
        const handler = addFunction(this, `${module}-module`, {
          name: `http-${module}`,
          module: modulePath(module),
          memoryMb,
          timeoutSeconds,
          // API Gateway invokes it through its resource policy: its role gains nothing beyond its grants.
          sharedRole: true,
          // One log group for the HTTP modules (about 30 fewer of the stack's 500 resources): a line names its module.
          sharedLogGroup: 'http',
        });
        // One invoke permission per function for this API, not one per route: a stack holds at most 500
        // resources, and per-route permissions were a quarter of them. Any route of this API may invoke the
        // module; the module serves only the route keys the route table gives it (functions/core/http).
        return [module, new HttpLambdaIntegration(`${module}-integration`, handler, { scopePermissionToRoute: false })] as const;
      }),
    );

    for (const route of HTTP_ROUTES) {
      const integration = integrations.get(route.module);
      if (!integration) throw new Error(`No integration for module ${route.module}`);
      const [created] = this.api.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration,
        ...(route.auth === 'jwt' && { authorizer }),
      });
      if (route.auth === 'public' && created) {
        acknowledgeRule(
          created,
          'APIG4',
          `${routeKey(route)} is declared public in the route table: it answers callers without a Cognito session (monitors, the external API with its own bearer token checked by the handler).`,
        );
      }
    }
  }
}
