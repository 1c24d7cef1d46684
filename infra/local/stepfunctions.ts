/**
 * Step Functions: the same ASL the CDK stack deploys, run by aws-local-stepfunctions, behind a small endpoint
 * that speaks the Step Functions JSON protocol (StartExecution, StartSyncExecution, DescribeExecution), so
 * functions use the real SFN client unchanged.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StateMachineDecl } from '@shared/topology/types.ts';
import { invoke } from './invoke.ts';

const ACCOUNT = '000000000000';
const region = () => process.env.AWS_REGION ?? 'us-east-1';
export const stateMachineArn = (id: string) => `arn:aws:states:${region()}:${ACCOUNT}:stateMachine:${id}`;

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  startDate: number;
  stopDate?: number;
}

/** Placeholders `${Task}` in Task resources become local handlers keyed by state name. */
function prepare(machine: StateMachineDecl) {
  const definition = structuredClone(machine.definition) as {
    States: Record<string, Record<string, unknown>>;
  };
  const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [stateName, state] of Object.entries(definition.States)) {
    const match = typeof state.Resource === 'string' ? /^\$\{(\w+)\}$/.exec(state.Resource) : null;
    if (state.Type !== 'Task' || !match) continue;
    const ref = machine.tasks[match[1]!];
    if (!ref) throw new Error(`State machine ${machine.id}: no task handler for ${match[1]}`);
    state.Resource = `arn:aws:lambda:${region()}:${ACCOUNT}:function:${match[1]}`;
    handlers[stateName] = (input) => invoke(ref, input);
  }
  return { definition, handlers };
}

/** The definitions this process has validated (their JSON). */
const validated = new Set<string>();

export async function createStepFunctions(machines: StateMachineDecl[]) {
  const { StateMachine } = await import('aws-local-stepfunctions');
  const byArn = new Map(
    machines.map((m) => {
      const { definition, handlers } = prepare(m);
      // A definition is validated once per process: validating builds a new Ajv each time, about a second of
      // CPU per runtime start (docs/testing.md); a definition already validated here is the same text.
      const text = JSON.stringify(definition);
      const sm = new StateMachine(definition as never, {
        validationOptions: { checkArn: false, checkPaths: true, noValidate: validated.has(text) },
      });
      validated.add(text);
      return [stateMachineArn(m.id), { sm, handlers }] as const;
    }),
  );
  const executions = new Map<string, Execution>();

  async function run(execution: Execution) {
    const entry = byArn.get(execution.stateMachineArn)!;
    try {
      const result = await entry.sm.run(JSON.parse(execution.input || '{}'), {
        overrides: { taskResourceLocalHandlers: entry.handlers as never },
      }).result;
      Object.assign(execution, { status: 'SUCCEEDED', output: JSON.stringify(result) });
    } catch (error) {
      const e = error as { name?: string; message?: string; cause?: { name?: string; message?: string } };
      Object.assign(execution, {
        status: 'FAILED',
        error: e.cause?.name ?? e.name ?? 'States.Runtime',
        cause: e.cause?.message ?? e.message ?? '',
      });
    }
    execution.stopDate = Date.now() / 1000;
    return execution;
  }

  function start(body: { stateMachineArn?: string; input?: string; name?: string }): Execution {
    if (!body.stateMachineArn || !byArn.has(body.stateMachineArn)) {
      throw Object.assign(new Error(`State machine ${body.stateMachineArn} does not exist`), {
        type: 'StateMachineDoesNotExist',
      });
    }
    const name = body.name ?? randomUUID();
    const executionArn = body.stateMachineArn.replace(':stateMachine:', ':execution:') + `:${name}`;
    const execution: Execution = {
      executionArn,
      stateMachineArn: body.stateMachineArn,
      name,
      status: 'RUNNING',
      input: body.input ?? '{}',
      startDate: Date.now() / 1000,
    };
    executions.set(executionArn, execution);
    return execution;
  }

  const actions: Record<string, (body: Record<string, string>) => Promise<unknown>> = {
    StartExecution: async (body) => {
      const execution = start(body);
      void run(execution);
      return { executionArn: execution.executionArn, startDate: execution.startDate };
    },
    StartSyncExecution: async (body) => run(start(body)),
    DescribeExecution: async (body) => {
      const execution = executions.get(body.executionArn ?? '');
      if (!execution)
        throw Object.assign(new Error('Execution does not exist'), { type: 'ExecutionDoesNotExist' });
      return execution;
    },
  };

  /** Answers one request of the Step Functions JSON protocol. */
  async function serve(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const target = String(req.headers['x-amz-target'] ?? '').replace('AWSStepFunctions.', '');
    const reply = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(value));
    };
    const action = actions[target];
    if (!action)
      return reply(400, {
        __type: 'UnknownOperationException',
        message: `${target} is not supported locally`,
      });
    try {
      reply(200, await action(JSON.parse(body.toString('utf8') || '{}')));
    } catch (error) {
      const e = error as Error & { type?: string };
      reply(400, { __type: e.type ?? 'InvalidParameterValue', message: e.message });
    }
  }

  return { serve, executions, arns: [...byArn.keys()] };
}
