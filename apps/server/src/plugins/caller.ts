import type { FastifyRequest } from 'fastify';

/**
 * The signed-in caller's user id, on a route behind requireVerifiedUser, which lets no
 * anonymous request by; a route without it is a programming error, not a 401.
 */
export function callerId(request: FastifyRequest): string {
  const identity = request.identity;
  if (identity === null) throw new Error('requireVerifiedUser lets no anonymous caller by');
  return identity.userId;
}
