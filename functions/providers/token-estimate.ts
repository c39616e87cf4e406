/** The estimate of shared/token-estimate.ts, where the providers have always imported it. */
export { estimateTokens } from '#shared/token-estimate';
