/**
 * The app stack as deployed: functions and APIs generated from the route tables, queues, the session
 * host, the scheduler role and the web deployment with its config.json, per stage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { ENV } from '../../infra/resources/environment';
import { HTTP_MODULES, HTTP_ROUTES, routeKey } from '../../infra/resources/http-routes';
import { METRICS_NAMESPACE } from '../../infra/resources/metrics';
import { deadLetterQueueName, QUEUES, queueName, queueUrlEnv } from '../../infra/resources/queues';
import { RECURRING_SCHEDULES } from '../../infra/resources/recurring-schedules';
import { MODULE_PERMISSIONS } from '../../infra/stacks/constructs/backend';
import { WS_ROUTE_SELECTION_EXPRESSION, WS_ROUTES, WS_STAGE } from '../../infra/resources/ws-routes';
import { CONSUMED_QUEUE, DEV_QUEUES, stage } from './stages';
import type { SynthesizedStage } from './synth';

let dev: SynthesizedStage;
let prod: SynthesizedStage;

beforeAll(() => {
  dev = stage('dev');
  prod = stage('prod');
});

interface FunctionResource {
  readonly Properties: {
    readonly FunctionName: string;
    readonly Runtime: string;
    readonly Architectures: string[];
    readonly Handler: string;
    readonly MemorySize: number;
    readonly Timeout: number;
    readonly Role: { 'Fn::GetAtt': [string, string] };
    readonly Environment: { Variables: Record<string, unknown> };
  };
}

/** The product's Lambdas (not the handlers aws-cdk-lib adds, which may have no name of their own), by logical id. */
function productFunctions(stage: SynthesizedStage, stageName: string): Record<string, FunctionResource> {
  const all = stage.app.findResources('AWS::Lambda::Function') as Record<string, { readonly Properties: { readonly FunctionName?: unknown } }>;
  return Object.fromEntries(
    Object.entries(all).filter(([, { Properties: { FunctionName: name } }]) => typeof name === 'string' && name.startsWith(`atende-${stageName}-`)),
  ) as Record<string, FunctionResource>;
}

function functionNamed(stage: SynthesizedStage, stageName: string, name: string): [string, FunctionResource] {
  const found = Object.entries(productFunctions(stage, stageName)).find(([, fn]) => fn.Properties.FunctionName === name);
  if (!found) throw new Error(`No function ${name}`);
  return found;
}

/** All statements of the IAM policies attached to a role. */
function statementsOfRole(stage: SynthesizedStage, roleLogicalId: string): Record<string, unknown>[] {
  const policies = stage.app.findResources('AWS::IAM::Policy') as Record<
    string,
    { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: Record<string, unknown>[] } } }
  >;
  return Object.values(policies)
    .filter((policy) => policy.Properties.Roles.some((role) => role.Ref === roleLogicalId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

/** Every resource the statements allow `action` on. */
function resourcesAllowed(statements: Record<string, unknown>[], action: string): unknown[] {
  return statements
    .filter((statement) => statement.Effect === 'Allow' && ([statement.Action].flat() as string[]).includes(action))
    .flatMap((statement) => [statement.Resource].flat());
}

const actionsOf = (statements: Record<string, unknown>[]): string[] =>
  statements.flatMap((statement) => [statement.Action].flat() as string[]);

describe('the HTTP API', () => {
  const modules = [...new Set(HTTP_ROUTES.map((route) => route.module))];

  it('has one nodejs22.x arm64 function per resource module used by the routes, sized from HTTP_MODULES', () => {
    // Act
    const httpFunctions = Object.values(productFunctions(dev, 'dev')).filter((fn) =>
      fn.Properties.FunctionName.startsWith('atende-dev-http-'),
    );

    // Assess
    expect(httpFunctions.map((fn) => fn.Properties.FunctionName).sort()).toEqual(
      modules.map((module) => `atende-dev-http-${module}`).sort(),
    );
    for (const module of modules) {
      const [, fn] = functionNamed(dev, 'dev', `atende-dev-http-${module}`);
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: HTTP_MODULES[module].memoryMb,
        Timeout: HTTP_MODULES[module].timeoutSeconds,
      });
    }
  });

  it('lets API Gateway invoke each module through one permission for its API, not one per route (a stack holds 500 resources)', () => {
    // Act
    const permissions = Object.values(dev.app.findResources('AWS::Lambda::Permission', {
      Properties: { Principal: 'apigateway.amazonaws.com' },
    })) as { Properties: { SourceArn: unknown } }[];
    const httpApiPermissions = permissions.filter((permission) => JSON.stringify(permission.Properties.SourceArn).includes('/*/*/*'));

    // Assess
    expect(httpApiPermissions).toHaveLength(modules.length);
    // 427 with the chats, prompts and queue-integrations modules, the HTTP modules sharing their roles; 450
    // with the Cloud API's queue, consumer and routes, 424 once the HTTP modules shared one log group: the
    // margin below 500 is what the next modules take; past it, fewer resources per route (the routes in a
    // stack of their own) rather than a higher bar.
    expect(Object.keys(dev.app.toJSON().Resources as object).length).toBeLessThan(450);
  });

  it("writes the HTTP modules' logs to one log group of the stage's retention, and each other function's to its own", () => {
    // Arrange
    const logGroups = dev.app.findResources('AWS::Logs::LogGroup') as Record<string, { Properties: { LogGroupName?: unknown; RetentionInDays?: unknown } }>;
    const logGroupOf = (fn: FunctionResource) => JSON.stringify((fn.Properties as { LoggingConfig?: { LogGroup?: unknown } }).LoggingConfig?.LogGroup);

    // Act
    const functions = Object.values(productFunctions(dev, 'dev'));
    const http = functions.filter((fn) => fn.Properties.FunctionName.startsWith('atende-dev-http-'));
    const others = functions.filter((fn) => !http.includes(fn));

    // Assess
    expect(http).toHaveLength(modules.length);
    expect(new Set(http.map(logGroupOf)).size).toBe(1);
    const shared = Object.entries(logGroups).find(([id]) => logGroupOf(http[0] as FunctionResource).includes(id));
    expect(shared?.[1].Properties).toMatchObject({ LogGroupName: '/aws/lambda/atende-dev-http', RetentionInDays: 7 });
    expect(new Set(others.map(logGroupOf)).size).toBe(others.length);
    expect(others.map(logGroupOf)).not.toContain(logGroupOf(http[0] as FunctionResource));
  });

  it('runs the HTTP modules under one execution role per set of permissions, and each queue consumer under its own', () => {
    // Arrange
    const functions = Object.values(dev.app.findResources('AWS::Lambda::Function')) as {
      Properties: { FunctionName?: string; Role: { 'Fn::GetAtt': [string, string] } };
    }[];
    const roleOf = (name: string) => functions.find((fn) => fn.Properties.FunctionName === `atende-dev-${name}`)?.Properties.Role['Fn::GetAtt'][0];

    // Assess: the same permissions share a role, other permissions have another
    expect(roleOf('http-tags')).toBeDefined();
    expect(roleOf('http-tags')).toBe(roleOf('http-contacts'));
    expect(roleOf('http-users')).toBe(roleOf('http-auth'));
    expect(roleOf('http-users')).not.toBe(roleOf('http-tags'));
    expect(roleOf('http-schedules')).not.toBe(roleOf('http-users'));
    expect(actionsOf(statementsOfRole(dev, roleOf('http-tags') ?? ''))).not.toContain('cognito-idp:AdminCreateUser');
    // A queue's event source grants its receive to the consumer's role: no other function may hold it.
    const consumerRoles = ['wa-events-consumer', 'schedule-due-consumer', 'webhooks-consumer'].map((name) => roleOf(name));
    for (const role of consumerRoles) expect(functions.filter((fn) => fn.Properties.Role['Fn::GetAtt'][0] === role)).toHaveLength(1);
  });

  it('scales function memory by the stage in prod', () => {
    // Act
    const [, auth] = functionNamed(prod, 'prod', 'atende-prod-http-auth');

    // Assess
    expect(auth.Properties.MemorySize).toBe(HTTP_MODULES.auth.memoryMb * 2);
  });

  it('has one route per route table entry, with the Cognito JWT authorizer on jwt routes only', () => {
    // Prepare
    const [authorizerId] = Object.keys(dev.app.findResources('AWS::ApiGatewayV2::Authorizer', { Properties: { AuthorizerType: 'JWT' } }));

    // Act
    const routes = Object.values(
      dev.app.findResources('AWS::ApiGatewayV2::Route', {
        Properties: { RouteKey: Match.stringLikeRegexp('^(GET|POST|PUT|PATCH|DELETE) ') },
      }),
    ) as { Properties: { RouteKey: string; AuthorizationType: string; AuthorizerId?: unknown } }[];

    // Assess
    // API Gateway refuses a route key ending in a slash and routes `/whatsapp/` to `GET /whatsapp` itself.
    expect(HTTP_ROUTES.filter((route) => route.path.endsWith('/'))).toEqual([]);
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual(HTTP_ROUTES.map(routeKey).sort());
    for (const route of HTTP_ROUTES) {
      const deployed = routes.find((candidate) => candidate.Properties.RouteKey === routeKey(route));
      if (route.auth === 'jwt') {
        expect(deployed?.Properties).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } });
      } else {
        expect(deployed?.Properties).toMatchObject({ AuthorizationType: 'NONE' });
        expect(deployed?.Properties.AuthorizerId).toBeUndefined();
      }
    }
  });

  it('verifies Cognito tokens of the web client and allows CORS from the web origin only', () => {
    // Act
    const template = dev.app;

    // Assess
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [Match.anyValue()],
        Issuer: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('^https://cognito-idp\\.')])] }),
      },
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: [Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['https://'])] })],
        AllowHeaders: ['authorization', 'content-type', 'idempotency-key'],
      }),
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });
});

describe('the backend functions', () => {
  it('all get the environment of ENV and one queue URL per queue', () => {
    // Prepare
    // The command-queue wait, the lease and the metrics switch are the session host's alone (set on its
    // task or left to their defaults, never on functions, which publish their metrics under Lambda by default).
    const hostOnly: readonly string[] = [ENV.sessionCommandWaitSeconds, ENV.sessionLeaseSeconds, ENV.powertoolsMetricsDisabled];
    const functionEnv = Object.values(ENV).filter((name) => !hostOnly.includes(name));
    expect(functionEnv).toContain(ENV.powertoolsServiceName);
    const expectedNames = [...functionEnv, ...DEV_QUEUES.map((queue) => queueUrlEnv(queue.id))];

    // Act
    const functions = Object.values(productFunctions(dev, 'dev'));

    // Assess
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) {
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(expectedNames));
      expect(fn.Properties.Environment.Variables).toMatchObject({
        [ENV.stage]: 'dev',
        [ENV.tableName]: 'atende-dev-main',
        [ENV.simulatorEnabled]: 'true',
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it('all trace actively with X-Ray, under a role allowed to send the traces', () => {
    for (const [synthesized, stageName] of [[dev, 'dev'], [prod, 'prod']] as const) {
      // Act
      const functions = Object.values(productFunctions(synthesized, stageName)) as (FunctionResource & {
        Properties: { TracingConfig?: unknown };
      })[];

      // Assess
      expect(functions.length).toBeGreaterThan(30);
      for (const fn of functions) {
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
        const statements = statementsOfRole(synthesized, fn.Properties.Role['Fn::GetAtt'][0]);
        expect(actionsOf(statements)).toEqual(expect.arrayContaining(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']));
      }
    }
  });

  it("give Powertools each function's module as its service, the metrics namespace, tracing and the stage's debug sampling", () => {
    for (const [synthesized, stageName, sampleRate] of [[dev, 'dev', '0.1'], [prod, 'prod', '0.01']] as const) {
      // Prepare
      const [, tickets] = functionNamed(synthesized, stageName, `atende-${stageName}-http-tickets`);
      const [, inbound] = functionNamed(synthesized, stageName, `atende-${stageName}-wa-events-consumer`);

      // Act
      const ticketsEnv = tickets.Properties.Environment.Variables;
      const inboundEnv = inbound.Properties.Environment.Variables;

      // Assess
      expect(ticketsEnv).toMatchObject({
        [ENV.powertoolsServiceName]: 'http/tickets',
        [ENV.powertoolsMetricsNamespace]: METRICS_NAMESPACE,
        [ENV.powertoolsLoggerSampleRate]: sampleRate,
        [ENV.powertoolsTraceEnabled]: 'true',
      });
      expect(inboundEnv[ENV.powertoolsServiceName]).toBe('workers/wa-events');
    }
  });

  it('posts realtime events to the https callback URL of the WebSocket stage', () => {
    // Prepare
    const [, connect] = functionNamed(dev, 'dev', 'atende-dev-ws-connect');

    // Act
    const endpoint = JSON.stringify(connect.Properties.Environment.Variables[ENV.wsManagementEndpoint]);

    // Assess
    expect(endpoint).toMatch(/^\{"Fn::Join":\["",\["https:\/\/",\{"Ref":"RealtimeApi[0-9A-F]+"\},"\.execute-api\./);
    expect(endpoint).toMatch(new RegExp(`"/${WS_STAGE}"\\]\\]\\}$`));
  });

  it("gives every function the HTTP API's own address (a Cloud API webhook's URL) and Meta's Graph API root", () => {
    // Prepare
    const [, whatsapp] = functionNamed(dev, 'dev', 'atende-dev-http-whatsapp');
    const [, inbound] = functionNamed(dev, 'dev', 'atende-dev-wa-events-consumer');

    const httpApis = Object.keys(dev.app.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }));

    // Act
    const addresses = [whatsapp, inbound].map((fn) => fn.Properties.Environment.Variables[ENV.publicApiUrl]);

    // Assess: the HTTP API's own endpoint, which the stack synthesized without a cycle
    expect(httpApis).toHaveLength(1);
    for (const address of addresses) expect(address).toEqual({ 'Fn::GetAtt': [httpApis[0], 'ApiEndpoint'] });
    expect(whatsapp.Properties.Environment.Variables[ENV.whatsappCloudApiUrl]).toBe('https://graph.facebook.com/v21.0');
  });

  it('grants Cognito admin actions to the modules that manage accounts (auth, companies, users) only', () => {
    // Prepare
    const functions = productFunctions(dev, 'dev');

    // Act
    const withCognitoAdmin = Object.values(functions)
      .filter((fn) => actionsOf(statementsOfRole(dev, fn.Properties.Role['Fn::GetAtt'][0])).includes('cognito-idp:Admin*'))
      .map((fn) => fn.Properties.FunctionName);

    // Assess
    expect(withCognitoAdmin.sort()).toEqual(['atende-dev-http-auth', 'atende-dev-http-companies', 'atende-dev-http-users']);
  });

  it('lets the modules that declare scheduling create and delete schedules and pass the scheduler role, and no other', () => {
    // Prepare
    const functions = productFunctions(dev, 'dev');
    const [schedulerRoleId] = Object.keys(
      dev.app.findResources('AWS::IAM::Role', {
        Properties: { AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })] } },
      }),
    );

    // Act
    const scheduling = Object.values(functions).filter((fn) =>
      actionsOf(statementsOfRole(dev, fn.Properties.Role['Fn::GetAtt'][0])).includes('scheduler:CreateSchedule'),
    );
    const statements = statementsOfRole(dev, scheduling[0]?.Properties.Role['Fn::GetAtt'][0] ?? '');

    // Assess
    const declared = Object.entries(MODULE_PERMISSIONS)
      .filter(([, permissions]) => permissions.includes('scheduling'))
      .map(([module]) => module);
    expect(declared.sort()).toEqual(['http/api', 'http/schedules', 'http/tickets', 'workers/schedule-due', 'workers/wa-events']);
    // The development stage also grants scheduling to http/version, which its test queues' consumers run (stages.ts).
    expect(scheduling.map((fn) => fn.Properties.FunctionName).sort()).toEqual([
      'atende-dev-http-api',
      'atende-dev-http-schedules',
      'atende-dev-http-tickets',
      'atende-dev-http-version',
      'atende-dev-schedule-due-consumer',
      'atende-dev-test-consumed-consumer',
      'atende-dev-test-consumed-fifo-consumer',
      'atende-dev-wa-events-consumer',
    ]);
    expect(resourcesAllowed(statements, 'iam:PassRole')).toEqual([{ 'Fn::GetAtt': [schedulerRoleId, 'Arn'] }]);
    expect(JSON.stringify(resourcesAllowed(statements, 'scheduler:DeleteSchedule'))).toContain(':schedule/default/*');
  });

  it('never grants a Scan of the table', () => {
    // Act
    const policies = Object.values(dev.app.findResources('AWS::IAM::Policy')) as {
      Properties: { PolicyDocument: { Statement: Record<string, unknown>[] } };
    }[];
    const actions = policies.flatMap((policy) => actionsOf(policy.Properties.PolicyDocument.Statement));

    // Assess
    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((action) => /^dynamodb:(Scan|\*)$/.test(action))).toEqual([]);
  });
});

describe('the WebSocket API', () => {
  it('has the routes of WS_ROUTES, with the ticket authorizer on $connect only', () => {
    // Prepare
    const [authorizerId] = Object.keys(
      dev.app.findResources('AWS::ApiGatewayV2::Authorizer', { Properties: { AuthorizerType: 'REQUEST' } }),
    );

    // Act
    const template = dev.app;

    // Assess
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: WS_ROUTE_SELECTION_EXPRESSION,
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.querystring.ticket'],
    });
    for (const route of WS_ROUTES) {
      template.hasResourceProperties(
        'AWS::ApiGatewayV2::Route',
        route.routeKey === '$connect'
          ? { RouteKey: '$connect', AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: authorizerId } }
          : { RouteKey: route.routeKey, AuthorizationType: 'NONE' },
      );
    }
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: WS_STAGE, AutoDeploy: true });
  });
});

describe('the queues', () => {
  it('each have their dead-letter queue, FIFO where declared, encrypted by SQS', () => {
    // Prepare
    const queues = dev.app.findResources('AWS::SQS::Queue') as Record<string, { Properties: Record<string, unknown> }>;
    const logicalIdByName = new Map(Object.entries(queues).map(([id, queue]) => [queue.Properties.QueueName, id]));

    // Act
    const template = dev.app;

    // Assess
    for (const definition of QUEUES) {
      const dlqId = logicalIdByName.get(deadLetterQueueName('dev', definition));
      expect(dlqId).toBeDefined();
      template.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: queueName('dev', definition),
        FifoQueue: definition.fifo ? true : Match.absent(),
        VisibilityTimeout: definition.visibilityTimeoutSeconds,
        SqsManagedSseEnabled: true,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
          maxReceiveCount: definition.maxReceiveCount,
        },
      });
      template.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: deadLetterQueueName('dev', definition),
        FifoQueue: definition.fifo ? true : Match.absent(),
        MessageRetentionPeriod: 1_209_600,
      });
    }
  });

  it('connect a declared consumer through an event source mapping with its batch size, maximum concurrency and partial batch failures', () => {
    // Prepare
    const queueId = Object.keys(
      dev.app.findResources('AWS::SQS::Queue', { Properties: { QueueName: queueName('dev', CONSUMED_QUEUE) } }),
    )[0];
    const [consumerId, consumer] = functionNamed(dev, 'dev', 'atende-dev-test-consumed-consumer');

    // Act
    const mappings = dev.app.findResources('AWS::Lambda::EventSourceMapping', { Properties: { EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] } } });

    // Assess
    expect(Object.values(mappings)).toEqual([
      {
        Type: 'AWS::Lambda::EventSourceMapping',
        Properties: {
          EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
          FunctionName: { Ref: consumerId },
          BatchSize: 7,
          ScalingConfig: { MaximumConcurrency: 3 },
          FunctionResponseTypes: ['ReportBatchItemFailures'],
        },
      },
    ]);
    // A sixth of the visibility timeout, as AWS advises.
    expect(consumer.Properties.Timeout).toBe(20);
  });

  it('connect the inbound worker to wa-events with partial batch failures', () => {
    // Prepare
    const [workerId] = functionNamed(prod, 'prod', 'atende-prod-wa-events-consumer');

    // Act
    const mappings = prod.app.findResources('AWS::Lambda::EventSourceMapping', { Properties: { FunctionName: { Ref: workerId } } });

    // Assess
    expect(Object.values(mappings)).toEqual([
      expect.objectContaining({
        Properties: expect.objectContaining({ BatchSize: 10, ScalingConfig: { MaximumConcurrency: 20 }, FunctionResponseTypes: ['ReportBatchItemFailures'] }),
      }),
    ]);
  });
});

describe('the scheduler role', () => {
  it('is assumed by EventBridge Scheduler, may only send to schedule-due and is named in SCHEDULER_ROLE_ARN', () => {
    // Prepare
    const [roleId] = Object.keys(
      dev.app.findResources('AWS::IAM::Role', {
        Properties: {
          AssumeRolePolicyDocument: {
            Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })],
          },
        },
      }),
    );
    const dueQueueId = Object.keys(
      dev.app.findResources('AWS::SQS::Queue', { Properties: { QueueName: 'atende-dev-schedule-due' } }),
    )[0];
    const [, anyFunction] = functionNamed(dev, 'dev', 'atende-dev-http-auth');

    // Act
    const statements = statementsOfRole(dev, roleId as string);

    // Assess
    expect(statements).toEqual([
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [dueQueueId, 'Arn'] } },
    ]);
    expect(anyFunction.Properties.Environment.Variables[ENV.schedulerRoleArn]).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
  });
});

describe('the recurring jobs', () => {
  it('each start on their schedule by putting their message on schedule-due through the scheduler role', () => {
    // Prepare
    const [roleId] = Object.keys(
      prod.app.findResources('AWS::IAM::Role', { Properties: { AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })] } } }),
    );
    const dueQueueId = Object.keys(prod.app.findResources('AWS::SQS::Queue', { Properties: { QueueName: 'atende-prod-schedule-due' } }))[0];

    // Act
    const schedules = Object.values(prod.app.findResources('AWS::Scheduler::Schedule'));

    // Assess
    expect(schedules.map((schedule) => schedule.Properties)).toEqual(
      RECURRING_SCHEDULES.map((recurring) => ({
        Description: `Starts the ${recurring.id} job`,
        ScheduleExpression: recurring.expression,
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: { 'Fn::GetAtt': [dueQueueId, 'Arn'] }, RoleArn: { 'Fn::GetAtt': [roleId, 'Arn'] }, Input: JSON.stringify(recurring.message) },
      })),
    );
    expect(RECURRING_SCHEDULES.map((recurring) => recurring.message.kind)).toContain('billingRun');
  });
});

describe('the session host', () => {
  it('runs on Fargate arm64 with the stage size, rollback on failure and leases handed over on deploy', () => {
    // Act
    const devTemplate = dev.app;
    const prodTemplate = prod.app;

    // Assess
    devTemplate.hasResourceProperties('AWS::ECS::TaskDefinition', {
      Cpu: '512',
      Memory: '1024',
      RuntimePlatform: { CpuArchitecture: 'ARM64', OperatingSystemFamily: 'LINUX' },
      ContainerDefinitions: [
        Match.objectLike({
          StopTimeout: 30,
          Image: Match.objectLike({ 'Fn::Sub': Match.stringLikeRegexp('container-assets') }),
          Environment: Match.arrayWith([{ Name: ENV.tableName, Value: 'atende-dev-main' }]),
          LogConfiguration: Match.objectLike({ LogDriver: 'awslogs' }),
        }),
      ],
    });
    devTemplate.hasResourceProperties('AWS::ECS::Service', {
      LaunchType: 'FARGATE',
      DesiredCount: 1,
      DeploymentConfiguration: Match.objectLike({
        MinimumHealthyPercent: 100,
        MaximumPercent: 200,
        DeploymentCircuitBreaker: { Enable: true, Rollback: true },
      }),
      NetworkConfiguration: { AwsvpcConfiguration: Match.objectLike({ AssignPublicIp: 'ENABLED' }) },
    });
    prodTemplate.hasResourceProperties('AWS::ECS::TaskDefinition', { Cpu: '1024', Memory: '2048' });
    prodTemplate.hasResourceProperties('AWS::ECS::Service', {
      DesiredCount: 2,
      NetworkConfiguration: { AwsvpcConfiguration: Match.objectLike({ AssignPublicIp: 'DISABLED' }) },
    });
    devTemplate.hasResourceProperties('AWS::ECS::Cluster', {
      ClusterSettings: [{ Name: 'containerInsights', Value: 'enabled' }],
    });
  });

  it('logs and emits metrics like the functions, as the sessions/main service, publishing them itself, without tracing', () => {
    // Act
    const [task] = Object.values(prod.app.findResources('AWS::ECS::TaskDefinition')) as {
      Properties: { ContainerDefinitions: { Environment: { Name: string; Value: unknown }[] }[] };
    }[];
    const environment = Object.fromEntries((task?.Properties.ContainerDefinitions[0]?.Environment ?? []).map((entry) => [entry.Name, entry.Value]));

    // Assess
    expect(environment).toMatchObject({
      [ENV.powertoolsServiceName]: 'sessions/main',
      [ENV.powertoolsMetricsNamespace]: METRICS_NAMESPACE,
      [ENV.powertoolsLoggerSampleRate]: '0.01',
      [ENV.powertoolsMetricsDisabled]: 'false',
    });
    expect(environment).not.toHaveProperty(ENV.powertoolsTraceEnabled);
    // Fargate's log driver does not turn EMF lines into metrics: the host puts them, in the product's namespace only.
    const putMetrics = Object.values(prod.app.findResources('AWS::IAM::Policy'))
      .flatMap((policy) => (policy.Properties as { PolicyDocument: { Statement: { Action: unknown; Condition?: unknown }[] } }).PolicyDocument.Statement)
      .filter((statement) => statement.Action === 'cloudwatch:PutMetricData');
    expect(putMetrics).toEqual([expect.objectContaining({ Resource: '*', Condition: { StringEquals: { 'cloudwatch:namespace': METRICS_NAMESPACE } } })]);
  });

  it('has no NAT gateway in dev and one per availability zone in prod', () => {
    // Act
    const devGateways = dev.app.findResources('AWS::EC2::NatGateway');
    const prodGateways = prod.app.findResources('AWS::EC2::NatGateway');

    // Assess
    expect(Object.keys(devGateways)).toHaveLength(0);
    expect(Object.keys(prodGateways)).toHaveLength(2);
  });

  it('reads the session command queues and sends to wa-events only', () => {
    // Prepare
    const taskRoleId = Object.keys(
      dev.app.findResources('AWS::IAM::Role', {
        Properties: {
          AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'ecs-tasks.amazonaws.com' } })] },
        },
      }),
    ).find((id) => id.includes('TaskRole'));
    const queueArn = (name: string) => ({
      'Fn::GetAtt': [Object.keys(dev.app.findResources('AWS::SQS::Queue', { Properties: { QueueName: name } }))[0], 'Arn'],
    });
    const commandQueues = [0, 1, 2, 3].map((shard) => queueArn(`atende-dev-wa-commands-${shard}.fifo`));

    // Act
    const statements = statementsOfRole(dev, taskRoleId as string);

    // Assess
    expect(resourcesAllowed(statements, 'sqs:ReceiveMessage')).toEqual(commandQueues);
    expect(resourcesAllowed(statements, 'sqs:DeleteMessage')).toEqual(commandQueues);
    expect(resourcesAllowed(statements, 'sqs:SendMessage')).toEqual([queueArn('atende-dev-wa-events.fifo')]);
  });
});

describe('the web deployment', () => {
  /** The stage's config.json as the deployment writes it, with the CloudFormation values behind its markers. */
  function configJsonOf(stage: SynthesizedStage) {
    const [deployment] = Object.values(
      stage.app.findResources('Custom::CDKBucketDeployment', { Properties: { DistributionPaths: ['/*'] } }),
    ) as { Properties: { SourceObjectKeys: string[]; SourceMarkers: Record<string, unknown>[] } }[];
    const sourceIndex = deployment?.Properties.SourceMarkers.findIndex((markers) => Object.keys(markers).length > 0) ?? -1;
    const objectKey = deployment?.Properties.SourceObjectKeys[sourceIndex] ?? '';
    const markers = deployment?.Properties.SourceMarkers[sourceIndex] ?? {};
    const config = JSON.parse(
      fs.readFileSync(path.join(stage.outdir, `asset.${objectKey.replace(/\.zip$/, '')}`, 'config.json'), 'utf8'),
    ) as Record<string, string | boolean>;
    const valueOf = (marker: string | boolean | undefined): unknown => markers[String(marker ?? '')];
    return { config, valueOf };
  }

  it('writes config.json with the keys the web app reads, from the stack outputs, and invalidates the distribution', () => {
    // Prepare
    const [httpApiId] = Object.keys(dev.app.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }));

    // Act
    const { config, valueOf } = configJsonOf(dev);

    // Assess
    expect(Object.keys(config).sort()).toEqual(['apiUrl', 'region', 'simulatorEnabled', 'userPoolClientId', 'userPoolId', 'wsUrl']);
    expect(valueOf(config.apiUrl)).toEqual({ 'Fn::GetAtt': [httpApiId, 'ApiEndpoint'] });
    expect(config.wsUrl).toMatch(/^wss:\/\/.*\/ws$/);
    expect(JSON.stringify(valueOf(config.userPoolId))).toContain('atende-dev-data');
    expect(JSON.stringify(valueOf(config.userPoolClientId))).toContain('atende-dev-data');
  });

  it('offers the simulator to the connection form on a development stage only', () => {
    expect(configJsonOf(dev).config.simulatorEnabled).toBe(true);
    expect(configJsonOf(prod).config).not.toHaveProperty('simulatorEnabled');
  });

  it('caches hashed assets for a year and makes browsers revalidate everything else', () => {
    // Act
    const template = dev.app;

    // Assess
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Prune: false,
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: false,
    });
  });
});
