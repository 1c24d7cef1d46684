/**
 * Runs a topology handler the way Lambda would: the module is loaded once, each call gets a Lambda-like
 * context, and a call that outlives its time-out is failed. Every stand-in invokes handlers through here.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { functionKey } from '@shared/topology/index.ts';
import type { FunctionRef } from '@shared/topology/types.ts';
import { fromRoot } from './paths.ts';

type Handler = (event: unknown, context: Context) => Promise<unknown>;
const modules = new Map<string, Promise<Record<string, unknown>>>();

async function load(ref: FunctionRef): Promise<Handler> {
  let mod = modules.get(ref.module);
  if (!mod) {
    mod = import(pathToFileURL(fromRoot(ref.module)).href) as Promise<Record<string, unknown>>;
    modules.set(ref.module, mod);
  }
  const fn = (await mod)[ref.export ?? 'handler'];
  if (typeof fn !== 'function') throw new Error(`${functionKey(ref)} is not a function`);
  return fn as Handler;
}

export class InvocationTimeout extends Error {
  override name = 'States.Timeout';
}

export async function invoke<T = unknown>(ref: FunctionRef, event: unknown): Promise<T> {
  const handler = await load(ref);
  const timeoutMs = (ref.timeoutSeconds ?? 10) * 1000;
  const deadline = Date.now() + timeoutMs;
  const context = {
    awsRequestId: randomUUID(),
    functionName: functionKey(ref),
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${ref.module}`,
    memoryLimitInMB: String(ref.memoryMb ?? 512),
    logGroupName: 'local',
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  } as Context;
  let timer: NodeJS.Timeout | undefined;
  try {
    return (await Promise.race([
      handler(event, context),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new InvocationTimeout(`${functionKey(ref)} timed out`)), timeoutMs);
      }),
    ])) as T;
  } finally {
    clearTimeout(timer);
  }
}
