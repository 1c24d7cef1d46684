import { afterEach, describe, expect, it } from 'vitest';
import { dynamoDocument, sqsClient, wsManagementClient } from '@functions/lib/aws.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('the loopback guard of integration tests', () => {
  it('is on in every test process', () => {
    expect(process.env.AWS_LOOPBACK_ONLY).toBe('1');
  });

  it('refuses real AWS (no endpoint configured)', () => {
    delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
    delete process.env.AWS_ENDPOINT_URL;
    expect(() => dynamoDocument()).toThrow(/Refusing dynamodb endpoint \(real AWS\)/);
  });

  it('refuses an endpoint that is not on loopback', () => {
    process.env.AWS_ENDPOINT_URL_SQS = 'http://localstack.example.com:4566';
    expect(() => sqsClient()).toThrow(/Refusing sqs endpoint/);
    expect(() => wsManagementClient('https://abc.execute-api.eu-west-1.amazonaws.com/prod')).toThrow(
      /Refusing/,
    );
  });

  it('allows loopback endpoints', () => {
    process.env.AWS_ENDPOINT_URL_SQS = 'http://127.0.0.1:4566';
    expect(() => sqsClient()).not.toThrow();
    process.env.AWS_ENDPOINT_URL = 'http://localhost:4566';
    delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
    expect(() => dynamoDocument()).not.toThrow();
  });
});
