/**
 * AWS SDK v3 clients. The endpoint of each service comes from configuration (`AWS_ENDPOINT_URL_<SERVICE>` or
 * `AWS_ENDPOINT_URL`), so the same code runs against real AWS, LocalStack or the local runtime's stand-ins.
 * Clients are cached per endpoint: several local runtimes in one test process each get their own. Each client
 * is captured by the tracer, so every AWS call is an X-Ray subsegment in Lambda (functions/lib/tracing.ts; a
 * client is left as it is where tracing is off).
 */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { IoTDataPlaneClient } from '@aws-sdk/client-iot-data-plane';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traceClient } from './tracing.ts';
type Logger = NonNullable<DynamoDBClientConfig['logger']>;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The configured endpoint of a service, checked by the loopback guard when it is switched on. */
export function endpointFor(service: string): string | undefined {
  const key = `AWS_ENDPOINT_URL_${service.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  const endpoint = process.env[key] ?? process.env.AWS_ENDPOINT_URL;
  assertLoopback(service, endpoint);
  return endpoint;
}

/**
 * Integration tests set AWS_LOOPBACK_ONLY=1: any client that would reach a non-loopback endpoint (or real
 * AWS, when no endpoint is set) throws before sending anything.
 */
export function assertLoopback(service: string, endpoint: string | undefined): void {
  if (process.env.AWS_LOOPBACK_ONLY !== '1') return;
  const host = endpoint ? new URL(endpoint).hostname : undefined;
  if (!host || !LOOPBACK.has(host)) {
    throw new Error(
      `Refusing ${service} endpoint ${endpoint ?? '(real AWS)'}: tests may only reach loopback`,
    );
  }
}

const cache = new Map<string, unknown>();
function cached<T>(key: string, make: () => T): T {
  let client = cache.get(key) as T | undefined;
  if (!client) {
    client = make();
    cache.set(key, client);
  }
  return client;
}

const region = () => process.env.AWS_REGION ?? 'us-east-1';

/**
 * A logger without `info`: the SDK's logger middleware builds a redacted copy of every request and answer to
 * pass to `logger.info` (even to its default no-op logger), which costs a copy of every item read. Without
 * `info` the copy is never made; the SDK's warnings and errors still have nowhere else to go, as before.
 */
const quietLogger = { debug() {}, warn() {}, error() {} } as unknown as Logger;

export function dynamoDocument(): DynamoDBDocumentClient {
  const endpoint = endpointFor('dynamodb');
  return cached(`dynamodb ${endpoint}`, () =>
    DynamoDBDocumentClient.from(
      traceClient(new DynamoDBClient({ region: region(), endpoint, logger: quietLogger })),
      { marshallOptions: { removeUndefinedValues: true } },
    ),
  );
}

export function sqsClient(): SQSClient {
  const endpoint = endpointFor('sqs');
  return cached(`sqs ${endpoint}`, () =>
    traceClient(new SQSClient({ region: region(), endpoint, logger: quietLogger })),
  );
}

export function s3Client(): S3Client {
  const endpoint = endpointFor('s3');
  return cached(`s3 ${endpoint}`, () =>
    traceClient(
      new S3Client({
        region: region(),
        endpoint,
        logger: quietLogger,
        forcePathStyle: endpoint !== undefined,
      }),
    ),
  );
}

export function sfnClient(): SFNClient {
  const endpoint = endpointFor('sfn');
  // StartSyncExecution prefixes the host with "sync-"; a local endpoint has no such host.
  return cached(`sfn ${endpoint}`, () =>
    traceClient(
      new SFNClient({
        region: region(),
        endpoint,
        logger: quietLogger,
        disableHostPrefix: endpoint !== undefined,
      }),
    ),
  );
}

export function iotDataClient(): IoTDataPlaneClient {
  const endpoint = endpointFor('iot_data_plane');
  return cached(`iot ${endpoint}`, () =>
    traceClient(new IoTDataPlaneClient({ region: region(), endpoint, logger: quietLogger })),
  );
}

/** The `@connections` client of the WebSocket API (endpoint https://{api}.execute-api.{region}.amazonaws.com/{stage}). */
export function wsManagementClient(endpoint: string): ApiGatewayManagementApiClient {
  assertLoopback('execute-api', endpoint);
  return cached(`ws ${endpoint}`, () =>
    traceClient(new ApiGatewayManagementApiClient({ region: region(), endpoint, logger: quietLogger })),
  );
}
