/**
 * The subscription-payment ASL (shared/topology/subscription-payment.asl.ts) on aws-local-stepfunctions with
 * stub tasks: every branch, including the ones the stand-in does not produce (a processing payment, an
 * activation that keeps failing after a successful payment: no failure is recorded then).
 */
import { describe, expect, it } from 'vitest';
import { StateMachine } from 'aws-local-stepfunctions';
import { subscriptionPaymentDefinition } from '@shared/topology/subscription-payment.asl.ts';

type Task = (input: Record<string, unknown>) => Promise<unknown>;

async function run(input: Record<string, unknown>, tasks: Partial<Record<string, Task>>) {
  const definition = structuredClone(subscriptionPaymentDefinition) as unknown as {
    States: Record<string, Record<string, unknown>>;
  };
  const calls: string[] = [];
  const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [name, state] of Object.entries(definition.States)) {
    if (state.Type !== 'Task') continue;
    state.Resource = `arn:aws:lambda:us-east-1:000000000000:function:${name}`;
    handlers[name] = async (value) => {
      calls.push(name);
      const task = tasks[name];
      if (!task) throw new Error(`unexpected task ${name}`);
      return task(value as Record<string, unknown>);
    };
  }
  const machine = new StateMachine(definition as never, { validationOptions: { checkArn: false } });
  try {
    const output = await machine.run(input as never, {
      overrides: { taskResourceLocalHandlers: handlers as never },
    }).result;
    return { output: output as Record<string, unknown>, calls };
  } catch (error) {
    return { error: error as Error & { cause?: { name?: string } }, calls };
  }
}

const base = { subscribeId: 's1', agentId: 'a1', amount: 1000, refundAmount: 0 };
const activated = async () => ({ status: 'active', expireAt: '2027-01-01T00:00:00.000Z' });
const recorded = async (input: Record<string, unknown>) => ({
  reason:
    (input.payment as { reason?: string } | undefined)?.reason ??
    String((input.error as { Cause?: string })?.Cause),
});

describe('subscription-payment state machine', () => {
  it('pay: a succeeded payment is activated', async () => {
    const { output, calls } = await run(
      { ...base, action: 'pay' },
      { CreatePayment: async () => ({ paymentId: 'pi_1', status: 'succeeded' }), Activate: activated },
    );
    expect(calls).toEqual(['CreatePayment', 'Activate']);
    expect(output).toEqual({ code: 0, subscribeId: 's1', activation: await activated() });
  });

  it('pay: requires_action answers 2048 with the client secret; nothing is activated', async () => {
    const { output, calls } = await run(
      { ...base, action: 'pay' },
      {
        CreatePayment: async () => ({
          paymentId: 'pi_2',
          status: 'requires_action',
          clientSecret: 'pi_2_secret_x',
        }),
      },
    );
    expect(calls).toEqual(['CreatePayment']);
    expect(output).toEqual({ code: 2048, msg: 'pi_2_secret_x', subscribeId: 's1', paymentId: 'pi_2' });
  });

  it('pay: a processing payment is answered so and left to the webhook', async () => {
    const { output, calls } = await run(
      { ...base, action: 'pay' },
      { CreatePayment: async () => ({ paymentId: 'pi_3', status: 'processing' }) },
    );
    expect(calls).toEqual(['CreatePayment']);
    expect(output).toEqual({ code: 'processing', subscribeId: 's1', paymentId: 'pi_3' });
  });

  it('pay: a declined card records the failure with the provider’s reason', async () => {
    const { output, calls } = await run(
      { ...base, action: 'pay' },
      {
        CreatePayment: async () => ({
          paymentId: 'pi_4',
          status: 'failed',
          reason: 'Your card was declined.',
        }),
        RecordFailure: recorded,
      },
    );
    expect(calls).toEqual(['CreatePayment', 'RecordFailure']);
    // The failure's whole record goes with the answer (its kind tells a refund's failure apart: decision 452).
    expect(output).toEqual({
      code: 1,
      subscribeId: 's1',
      reason: 'Your card was declined.',
      failure: { reason: 'Your card was declined.' },
    });
  });

  it('pay: a provider error is a recorded failure, never an activation', async () => {
    const { output, calls } = await run(
      { ...base, action: 'pay' },
      {
        CreatePayment: async () => {
          throw new Error('Stripe is down');
        },
        RecordFailure: recorded,
      },
    );
    expect(calls).toEqual(['CreatePayment', 'RecordFailure']);
    expect(output?.code).toBe(1);
  });

  it('confirm: the retrieved intent decides, like a new payment', async () => {
    const ok = await run(
      { ...base, action: 'confirm', paymentId: 'pi_5' },
      { ConfirmPayment: async () => ({ paymentId: 'pi_5', status: 'succeeded' }), Activate: activated },
    );
    expect(ok.calls).toEqual(['ConfirmPayment', 'Activate']);
    const failed = await run(
      { ...base, action: 'confirm', paymentId: 'pi_6' },
      {
        ConfirmPayment: async () => ({
          paymentId: 'pi_6',
          status: 'failed',
          reason: 'Authentication failed.',
        }),
        RecordFailure: recorded,
      },
    );
    expect(failed.calls).toEqual(['ConfirmPayment', 'RecordFailure']);
    expect(failed.output).toMatchObject({ code: 1, reason: 'Authentication failed.' });
  });

  it('payOff: activates without a card; with a refund, the refund comes first', async () => {
    expect((await run({ ...base, action: 'payOff' }, { Activate: activated })).calls).toEqual(['Activate']);
    const refunded = await run(
      { ...base, action: 'payOff', refundAmount: 500, refundPaymentId: 'pi_0' },
      { Refund: async () => ({ refundId: 're_1', status: 'succeeded' }), Activate: activated },
    );
    expect(refunded.calls).toEqual(['Refund', 'Activate']);
    expect(refunded.output?.code).toBe(0);
  });

  it('payOff: a refused refund fails the purchase before anything is activated', async () => {
    const { output, calls } = await run(
      { ...base, action: 'payOff', refundAmount: 500, refundPaymentId: 'pi_0' },
      {
        Refund: async () => {
          throw Object.assign(new Error('The refund was declined.'), { name: 'RefundFailed' });
        },
        RecordFailure: recorded,
      },
    );
    expect(calls).toEqual(['Refund', 'RecordFailure']);
    expect(output?.code).toBe(1);
  });

  it('an activation that keeps failing after a payment is retried, then fails without recording a failure', async () => {
    const { error, calls } = await run(
      { ...base, action: 'pay' },
      {
        CreatePayment: async () => ({ paymentId: 'pi_7', status: 'succeeded' }),
        Activate: async () => {
          throw new Error('DynamoDB unavailable');
        },
        RecordFailure: recorded,
      },
    );
    expect(calls).toEqual(['CreatePayment', 'Activate', 'Activate', 'Activate']);
    expect(calls).not.toContain('RecordFailure');
    expect(error).toBeDefined();
  });
});
