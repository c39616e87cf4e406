/**
 * A model reply the tool cannot turn into its result (no content, or not the shape it asked for). The
 * message is the spec's wording shown to the user ('Invalid response format', 'No content generated').
 * Retrying the same prompt rarely fixes it, so the engine treats it as a final failure of the job.
 */
export class ToolResultError extends Error {
  constructor(
    readonly code: 'invalid_response' | 'no_content',
    message: string,
  ) {
    super(message);
    this.name = 'ToolResultError';
  }
}
