/**
 * The subscription-payment workflow (Amazon States Language, JSONPath). Run as an Express workflow with
 * StartSyncExecution, so the console gets its answer (paid, 2048 with the client secret, or failed) in one call.
 *
 * Input: { action: 'pay' | 'confirm' | 'payOff', subscribeId, agentId, ... }.
 */
export const subscriptionPaymentDefinition = {
  Comment: 'Company subscription payment: card payment, extra authentication (2048), pay-off without card',
  StartAt: 'Route',
  States: {
    Route: {
      Type: 'Choice',
      Choices: [
        { Variable: '$.action', StringEquals: 'confirm', Next: 'ConfirmPayment' },
        { Variable: '$.action', StringEquals: 'payOff', Next: 'Activate' },
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
        { Variable: '$.payment.status', StringEquals: 'succeeded', Next: 'Activate' },
        { Variable: '$.payment.status', StringEquals: 'requires_action', Next: 'NeedsAuthentication' },
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
    Activate: {
      Type: 'Task',
      Resource: '${ActivateSubscription}',
      ResultPath: '$.activation',
      Retry: [{ ErrorEquals: ['States.TaskFailed'], MaxAttempts: 2, IntervalSeconds: 1, BackoffRate: 2 }],
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' }],
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
      Next: 'Failed',
    },
    Failed: {
      Type: 'Fail',
      Error: 'PaymentFailed',
      Cause: 'The payment did not complete; see the subscription record.',
    },
  },
} as const;
