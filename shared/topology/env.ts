/**
 * Names of the environment variables through which a function finds its resources. Both hosts (CDK and the
 * local runtime) set them from the topology, and functions/lib/config.ts reads them.
 */
const upper = (id: string) => id.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

export const envNames = {
  table: (id: string) => `TABLE_${upper(id)}`,
  queueUrl: (id: string) => `QUEUE_${upper(id)}_URL`,
  bucket: (id: string) => `BUCKET_${upper(id)}`,
  stateMachineArn: (id: string) => `STATE_MACHINE_${upper(id)}_ARN`,
  /** Base URL of the WebSocket API's `@connections` management endpoint. */
  wsManagementEndpoint: 'WS_MANAGEMENT_ENDPOINT',
  /** IoT data-plane endpoint (the SDK's own variable). */
  iotDataEndpoint: 'AWS_ENDPOINT_URL_IOT_DATA_PLANE',
  stage: 'STAGE',
  jwtSecret: 'AUTH_JWT_SECRET',
  /** Stripe (subscription card payments): the account's keys and the webhook endpoint's signing secret. */
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripePublishableKey: 'STRIPE_PUBLISHABLE_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  /** Only locally: where the Stripe stand-in listens (unset, the SDK talks to api.stripe.com). */
  stripeApiHost: 'STRIPE_API_HOST',
  stripeApiPort: 'STRIPE_API_PORT',
  stripeApiProtocol: 'STRIPE_API_PROTOCOL',
} as const;
