/**
 * All SDK clients in one place, for tests and local tooling only. Handlers import the one module per
 * client under `clients/` they need, so a bundle never carries SDKs its handler does not use
 * (test/infra/bundle-budget.test.ts checks the sizes).
 */
export { cognitoClient } from './clients/cognito';
export { dynamoDocumentClient } from './clients/dynamodb';
export { kmsClient } from './clients/kms';
export { webSocketManagementClient } from './clients/websocket-management';
