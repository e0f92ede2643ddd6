/** The statuses a refusal answers with: each is in the contract's error texts' catalogue. */
export type RefusalStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * The server's one error type (ADR 052): a request refused for a reason the person may read.
 * `message` is one of the contract's texts (`KIT_NOT_FOUND`, `TERMS_NOT_ACCEPTED`), which the web
 * app shows and routes on; `extra` adds fields to the answer's body (the questions a survey
 * still misses). The error handler answers it as it is, a 503 too; any other error that reaches
 * the handler is a fault and is answered without its message.
 */
export class Refusal extends Error {
  override name = 'Refusal';

  constructor(
    readonly statusCode: RefusalStatus,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
