import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ONLY } from '@nestling/shared/contract/admin';
import { sendError } from './errors.ts';

/** onRequest hook after requireVerifiedUser: lab staff (admins) only, 403 for anyone else. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (request.identity?.isAdminUser !== true) await sendError(request, reply, 403, ADMIN_ONLY);
}
