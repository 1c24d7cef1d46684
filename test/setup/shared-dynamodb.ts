/**
 * Every test file: where the run's shared DynamoDB Local is (test/setup/shared-dynamodb.global.ts), for
 * startTestRuntime. An environment variable, so the helper works outside Vitest too (npm run fuzz: own JVM).
 */
import { inject } from 'vitest';

process.env.EVC_TEST_DYNAMODB_ENDPOINT = inject('sharedDynamodbEndpoint');
