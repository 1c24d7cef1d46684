/**
 * The subscription-payment workflow (Amazon States Language, JSONPath). Run as an Express workflow with
 * StartSyncExecution, so the console gets its answer (paid, 2048 with the client secret, or failed) in one call.
 *
 * Input: { action: 'pay' | 'confirm' | 'payOff', subscribeId, agentId, amount (cents), currency,
 * paymentMethodId, payAttempt, paymentId (confirm), refundAmount (cents, 0 without a refund), refundPaymentId }.
 *
 * - pay: CreatePayment (idempotency key per subscription and attempt) → succeeded: [Refund] → Activate;
 *   requires_action: answer 2048 with the client secret; processing: answer so (the webhook activates it);
 *   failed: RecordFailure (nothing activated).
 * - confirm (after 2048, or the webhook): ConfirmPayment (retrieve the intent) → the same check.
 * - payOff (nothing to pay by card: a receipt, or a credit covering the price): [Refund] → Activate.
 * A refund that fails stops the workflow before anything is activated. An activation that keeps failing after
 * a successful payment does NOT record a failure: the subscription stays pending with its payment, and a
 * replay (secure, the webhook) activates it.
 */
export const subscriptionPaymentDefinition = {
  Comment:
    'Company subscription payment: card payment, extra authentication (2048), pay-off without card, refund',
  StartAt: 'Route',
  States: {
    Route: {
      Type: 'Choice',
      Choices: [
        { Variable: '$.action', StringEquals: 'confirm', Next: 'ConfirmPayment' },
        { Variable: '$.action', StringEquals: 'payOff', Next: 'CheckRefund' },
      ],
      Default: 'CreatePayment',
    },
    CreatePayment: {
      Type: 'Task',
      Resource: '${CreatePayment}',
      ResultPath: '$.payment',
      Next: 'CheckPayment',
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' }],
    },
    ConfirmPayment: {
      Type: 'Task',
      Resource: '${ConfirmPayment}',
      ResultPath: '$.payment',
      Next: 'CheckPayment',
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' }],
    },
    CheckPayment: {
      Type: 'Choice',
      Choices: [
        { Variable: '$.payment.status', StringEquals: 'succeeded', Next: 'CheckRefund' },
        { Variable: '$.payment.status', StringEquals: 'requires_action', Next: 'NeedsAuthentication' },
        { Variable: '$.payment.status', StringEquals: 'processing', Next: 'Processing' },
      ],
      Default: 'RecordFailure',
    },
    NeedsAuthentication: {
      Type: 'Pass',
      Parameters: {
        code: 2048,
        'msg.$': '$.payment.clientSecret',
        'subscribeId.$': '$.subscribeId',
        'paymentId.$': '$.payment.paymentId',
      },
      End: true,
    },
    Processing: {
      Type: 'Pass',
      Parameters: {
        code: 'processing',
        'subscribeId.$': '$.subscribeId',
        'paymentId.$': '$.payment.paymentId',
      },
      End: true,
    },
    CheckRefund: {
      Type: 'Choice',
      Choices: [
        {
          And: [
            { Variable: '$.refundAmount', IsPresent: true },
            { Variable: '$.refundAmount', NumericGreaterThan: 0 },
          ],
          Next: 'Refund',
        },
      ],
      Default: 'Activate',
    },
    Refund: {
      Type: 'Task',
      Resource: '${Refund}',
      ResultPath: '$.refund',
      // The same idempotency key on every try: a retried refund gives back once.
      Retry: [{ ErrorEquals: ['States.Timeout'], MaxAttempts: 2, IntervalSeconds: 1, BackoffRate: 2 }],
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' }],
      Next: 'Activate',
    },
    Activate: {
      Type: 'Task',
      Resource: '${ActivateSubscription}',
      ResultPath: '$.activation',
      Retry: [{ ErrorEquals: ['States.ALL'], MaxAttempts: 2, IntervalSeconds: 1, BackoffRate: 2 }],
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'ActivationFailed' }],
      Next: 'Paid',
    },
    Paid: {
      Type: 'Pass',
      Parameters: { code: 0, 'subscribeId.$': '$.subscribeId', 'activation.$': '$.activation' },
      End: true,
    },
    RecordFailure: {
      Type: 'Task',
      Resource: '${RecordFailure}',
      ResultPath: '$.failure',
      Next: 'PaymentFailed',
    },
    PaymentFailed: {
      Type: 'Pass',
      // The whole failure: its reason and which step failed (a refund's failure is answered as such).
      Parameters: {
        code: 1,
        'subscribeId.$': '$.subscribeId',
        'reason.$': '$.failure.reason',
        'failure.$': '$.failure',
      },
      End: true,
    },
    ActivationFailed: {
      Type: 'Fail',
      Error: 'ActivationFailed',
      Cause: 'The payment succeeded but the subscription could not be activated yet; a replay activates it.',
    },
  },
} as const;
