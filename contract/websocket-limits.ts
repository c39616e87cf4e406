/**
 * API Gateway WebSocket limits, shared by the functions that post to connections and by the local
 * runtime (which must not import CDK), so a message too large for AWS is refused locally as well.
 */

/** PostToConnection refuses a message larger than this (API Gateway quota: 128 KB per message). */
export const WEBSOCKET_MAX_MESSAGE_BYTES = 128 * 1024;
