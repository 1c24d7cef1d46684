/**
 * The shape of the topology: one declaration of everything the product runs on. The CDK stack
 * (infra/cdk) and the local runtime (infra/local) both iterate a value of this type, so they cannot drift.
 */

/** A Lambda handler: a module under functions/ and the name it exports. */
export interface FunctionRef {
  /** Path from the repository root, e.g. `functions/ocpp/handler.ts`. */
  module: string;
  /** Exported name, `handler` when omitted. */
  export?: string;
  timeoutSeconds?: number;
  memoryMb?: number;
}

export interface KeyDecl {
  name: string;
  type: 'S' | 'N';
}

export interface IndexDecl {
  name: string;
  partitionKey: KeyDecl;
  sortKey?: KeyDecl;
}

export interface TableDecl {
  id: string;
  description: string;
  partitionKey: KeyDecl;
  sortKey?: KeyDecl;
  indexes: IndexDecl[];
  /** Attribute holding the expiry epoch seconds. DynamoDB Local never deletes: readers must skip expired items. */
  ttlAttribute?: string;
  stream?: 'NEW_IMAGE' | 'OLD_IMAGE' | 'NEW_AND_OLD_IMAGES' | 'KEYS_ONLY';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRouteDecl {
  method: HttpMethod;
  /** API Gateway path, `{name}` for path parameters. */
  path: string;
  /** Key of `domains`: the handler module behind the route. */
  domain: string;
  /**
   * `public` routes skip the authorizer; `user` routes take staff and fleet tokens; `app` routes take only the
   * driver app's tokens (an app user's, functions/driverapp).
   */
  auth: 'public' | 'user' | 'app';
  /**
   * Permission code the caller must hold (shared/permissions/menus.ts), checked centrally by the domain
   * middleware; `login` for calls any signed-in user may make. Required on `user` routes.
   */
  permission?: string;
  /**
   * Further codes the caller must hold besides `permission` (checked the same way): an export also needs the
   * Pro file export 9100, where its file is listed and downloaded.
   */
  alsoNeeds?: string[];
  /**
   * A fleet account may call it (decision 366): fleet accounts reach only these and the `login` routes, and
   * the services behind them keep the account to its own fleet.
   */
  fleet?: true;
  /** Title of the audit log entry (catalog key `server.audit.*`); every mutating call has one. */
  audit?: string;
  /** Catalog key filling the title's `{{what}}` (the resource a generic call changes). */
  auditWhat?: string;
  /** Fields masked in the audit entry's params besides passwords, tokens and keys (a resource's secrets). */
  auditMask?: string[];
}

export interface WebSocketDecl {
  /** Path prefix chargers connect to; the charge point id follows it. */
  path: string;
  subprotocols: string[];
  /** `$connect` authorizer: the charge point id arrives in the query string `chargePointId`. */
  authorizer: FunctionRef;
  routes: { $connect: FunctionRef; $default: FunctionRef; $disconnect: FunctionRef };
  /** API Gateway limits, mirrored by the local front. */
  idleTimeoutSeconds: number;
  maxConnectionSeconds: number;
  maxMessageBytes: number;
}

export interface QueueDecl {
  id: string;
  description: string;
  consumer: FunctionRef;
  batchSize: number;
  visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  /** How long a message is kept, in seconds. */
  retentionSeconds: number;
}

export interface ScheduleDecl {
  id: string;
  description: string;
  /** EventBridge expression: `rate(N minute|minutes|hour|hours|day|days)` or `cron(min hour dom mon dow year)`. */
  expression: string;
  handler: FunctionRef;
}

export interface StateMachineDecl {
  id: string;
  description: string;
  type: 'EXPRESS' | 'STANDARD';
  /** Amazon States Language (JSONPath). Task resources are `${TaskName}` placeholders. */
  definition: Record<string, unknown>;
  /** Placeholder name to the handler behind it. */
  tasks: Record<string, FunctionRef>;
}

export interface BucketDecl {
  id: string;
  description: string;
  /** Objects expire after this many days (exports are temporary). */
  expireAfterDays?: number;
}

export interface IotRuleDecl {
  id: string;
  description: string;
  /** IoT SQL, `SELECT * FROM 'topic/filter'`, with `topic()` available. */
  sql: string;
  handler: FunctionRef;
}

export interface IotDecl {
  /** MQTT topics the devices use; `{code}` is the thing name. */
  topics: Record<string, string>;
  rules: IotRuleDecl[];
  /** IoT policy actions granted to device certificates, scoped to their own topics. */
  thingTypeName: string;
}

export interface Topology {
  tables: TableDecl[];
  /** Domain name to handler module: one Lambda per domain behind the HTTP API. */
  domains: Record<string, FunctionRef>;
  httpAuthorizer: FunctionRef;
  routes: HttpRouteDecl[];
  websocket: WebSocketDecl;
  queues: QueueDecl[];
  schedules: ScheduleDecl[];
  stateMachines: StateMachineDecl[];
  buckets: BucketDecl[];
  iot: IotDecl;
}
