/** ElectroDB wraps the SDK's error: a failed condition is its cause. */
export function isConditionFailure(error: unknown): boolean {
  return (error as { cause?: { name?: string } }).cause?.name === 'ConditionalCheckFailedException';
}
