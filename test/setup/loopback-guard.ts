/**
 * Every test process: AWS clients may only reach loopback endpoints (functions/lib/aws.ts refuses anything
 * else, real AWS included), with throwaway credentials and no profile from the developer's machine.
 */
process.env.AWS_LOOPBACK_ONLY = '1';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'local';
process.env.AWS_SECRET_ACCESS_KEY = 'local';
delete process.env.AWS_PROFILE;
delete process.env.AWS_SESSION_TOKEN;
delete process.env.AWS_ENDPOINT_URL;
process.env.LOG_LEVEL ??= 'ERROR';
