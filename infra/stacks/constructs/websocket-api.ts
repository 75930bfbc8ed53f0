/**
 * The WebSocket API (infra/resources/ws-routes.ts): `$connect` guarded by the ticket authorizer,
 * `$disconnect` and `$default` handled by their Lambdas, one stage whose callback URL is the endpoint
 * every backend component posts realtime events to (WS_MANAGEMENT_ENDPOINT).
 */
import { Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import type { StageConfig } from '../../resources/stage';
import { WS_AUTHORIZER, WS_ROUTE_SELECTION_EXPRESSION, WS_ROUTES, WS_STAGE } from '../../resources/ws-routes';
import { acknowledgeRule } from '../nag';
import type { AddFunction } from './function-factory';

export interface RealtimeApiProps {
  readonly stage: StageConfig;
}

/** The realtime handlers are small and quick: they read or write a few items. */
const HANDLER_SIZE = { memoryMb: 256, timeoutSeconds: 10 } as const;

export class RealtimeApi extends Construct {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  /** `wss://` URL clients connect to. */
  readonly url: string;
  /** `https://` callback URL for the @connections management API. */
  readonly managementEndpoint: string;
  /** The @connections resources of the stage, for execute-api:ManageConnections. */
  readonly connectionsArn: string;

  constructor(scope: Construct, id: string, { stage }: RealtimeApiProps) {
    super(scope, id);
    this.api = new apigwv2.WebSocketApi(this, 'Api', {
      apiName: `atende-${stage.name}-realtime`,
      routeSelectionExpression: WS_ROUTE_SELECTION_EXPRESSION,
    });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WS_STAGE,
      autoDeploy: true,
    });
    acknowledgeRule(
      this.stage,
      'APIG1',
      'Access logs of a WebSocket stage need the account-wide API Gateway CloudWatch role (AWS::ApiGateway::Account), which a per-stage stack must not take over; the connect, disconnect and default Lambdas log every call instead.',
    );
    this.url = this.stage.url;
    this.managementEndpoint = this.stage.callbackUrl;
    this.connectionsArn = Stack.of(this).formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${WS_STAGE}/*/@connections/*`,
    });
  }

  /**
   * Creates the route handlers and the ticket authorizer. Separate from the constructor because the
   * handlers need the backend environment, which names this API's management endpoint.
   */
  addHandlers(addFunction: AddFunction): void {
    const authorizerFunction = addFunction(this, 'authorize', {
      name: 'ws-authorize',
      module: WS_AUTHORIZER.module,
      ...HANDLER_SIZE,
      // It consumes the single-use ticket item and reads the ticket's user and company (still allowed?).
      permissions: ['data'],
    });
    const authorizer = new WebSocketLambdaAuthorizer('TicketAuthorizer', authorizerFunction, {
      identitySource: [`route.request.querystring.${WS_AUTHORIZER.queryParameter}`],
    });

    for (const route of WS_ROUTES) {
      const name = `ws-${route.routeKey.replace('$', '')}`;
      const handler = addFunction(this, name, { name, module: route.module, ...HANDLER_SIZE });
      const isConnect = route.routeKey === '$connect';
      const created = this.api.addRoute(route.routeKey, {
        integration: new WebSocketLambdaIntegration(`${route.routeKey}-integration`, handler),
        ...(isConnect && { authorizer }),
      });
      if (!isConnect) {
        acknowledgeRule(
          created,
          'APIG4',
          'API Gateway runs authorizers only on $connect of a WebSocket API; this route serves a connection that the ticket authorizer already admitted.',
        );
      }
    }
  }
}
