/** Where a function finds its resources: environment variables named by the topology (infra/topology/env.ts). */
import { envNames } from '@infra/topology/env.ts';

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
};
