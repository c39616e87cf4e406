/** A failed ConditionExpression: the SDK's own error, which dynamodb-toolbox passes through. */
export { isConditionFailure } from '#functions/data/item-keys';
