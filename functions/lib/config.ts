/** Where a function finds its resources: environment variables named by the topology (shared/topology/env.ts). */
import { envNames } from '@shared/topology/env.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const config = {
  tableName: (id: string) => required(envNames.table(id)),
  queueUrl: (id: string) => required(envNames.queueUrl(id)),
  bucketName: (id: string) => required(envNames.bucket(id)),
  stateMachineArn: (id: string) => required(envNames.stateMachineArn(id)),
  wsManagementEndpoint: () => required(envNames.wsManagementEndpoint),
  jwtSecret: () => new TextEncoder().encode(required(envNames.jwtSecret)),
  stage: () => process.env[envNames.stage] ?? 'local',
  /** Stripe's keys and, locally, the stand-in's address (read at call time: the local runtime sets them late). */
  stripe: () => {
    const host = process.env[envNames.stripeApiHost] || undefined;
    const protocol = process.env[envNames.stripeApiProtocol];
    return {
      secretKey: required(envNames.stripeSecretKey),
      publishableKey: required(envNames.stripePublishableKey),
      webhookSecret: process.env[envNames.stripeWebhookSecret] || undefined,
      host,
      port: host
        ? Number(process.env[envNames.stripeApiPort] || (protocol === 'http' ? 80 : 443))
        : undefined,
      protocol: host ? (protocol === 'http' ? ('http' as const) : ('https' as const)) : undefined,
    };
  },
};
