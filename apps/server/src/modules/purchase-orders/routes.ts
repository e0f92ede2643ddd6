import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { labApi } from '@nestling/shared/contract/lab-api';
import {
  adminOrderSchema,
  adminOrdersAnswerSchema,
  adminOrdersQuerySchema,
  orderEventRequestSchema,
  purchaseOrderParamsSchema,
  purchaseOrderSchema,
  purchaseOrdersAnswerSchema,
  purchaseOrdersQuerySchema,
} from '@nestling/shared/contract/order-tracker';
import { sendCsv } from '../../csv.ts';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { labKeyGuard } from '../lab/index.ts';
import { createPurchaseOrdersRepository } from './repository.ts';
import { createPurchaseOrdersService, REFUND_IN_PROVIDER } from './service.ts';
import type { PaymentProvider } from '../checkout/index.ts';
import { Refusal } from '../../lib/refusal.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/**
 * Orders after payment: the patient's purchases and their tracker, the staff's
 * orders view, and the lab pipeline's tracker events.
 */
export const purchaseOrdersRoutes: FastifyPluginAsyncZod<{
  /** The configured payment provider, which gives refunds back (app.ts chooses it). */
  paymentProvider: Pick<PaymentProvider, 'name' | 'refund'> | null;
}> = (app, options) => {
  const { config } = app;
  const orders = createPurchaseOrdersService({
    repository: createPurchaseOrdersRepository(app.database.db),
    refund: async (order) => {
      // The test provider moved no money, so there is nothing to give back.
      if (order.provider === 'test') return;
      const provider = options.paymentProvider;
      if (provider?.name !== order.provider) throw new Refusal(409, REFUND_IN_PROVIDER);
      await provider.refund({
        providerPaymentId: order.providerPaymentId,
        totalCents: order.totalCents,
      });
    },
    // One job per mail: a refused address does not keep the other person's mail back.
    queueMail: async (messages) => {
      for (const message of messages) await app.mailer.send(message);
    },
    publicUrl: config.publicUrl,
  });
  const adminOnly = [app.requireVerifiedUser, requireAdmin];

  app.get(
    '/orders',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "The person's purchases, newest first: those they bought, and the couple's orders where they are the partner (without the buyer's card digits, receipt or address); admins may pass asUser",
        tags: ['orders'],
        querystring: purchaseOrdersQuerySchema,
        response: { 200: purchaseOrdersAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return { orders: await orders.readable(subject.id) };
    },
  );

  app.get(
    '/orders/:id',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "One of the person's purchases with its tracker; another person's answers 404 as an unknown one; admins may pass asUser",
        tags: ['orders'],
        params: purchaseOrderParamsSchema,
        querystring: purchaseOrdersQuerySchema,
        response: { 200: purchaseOrderSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return orders.readOne(subject.id, request.params.id);
    },
  );

  app.get(
    '/admin/orders',
    {
      onRequest: adminOnly,
      schema: {
        summary:
          'Orders, newest first, at most 200: q matches the order number (NS-10001 or 10001), a kit id, or part of the buyer’s or partner’s email; stage filters (admins only)',
        tags: ['admin'],
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersAnswerSchema, ...errors },
      },
    },
    async (request) => ({ orders: await orders.adminOrders(request.query) }),
  );

  app.get(
    '/admin/orders.csv',
    {
      onRequest: adminOnly,
      schema: {
        summary:
          'The orders of GET /admin/orders as a CSV file, same filters; formulas are made plain text (admins only)',
        tags: ['admin'],
        querystring: adminOrdersQuerySchema,
        // No response schema: the answer is the CSV text; errors are the usual body.
      },
    },
    async (request, reply) => {
      const csv = await orders.adminOrdersCsv(request.query);
      return sendCsv(reply, 'orders', csv);
    },
  );

  app.post(
    '/admin/orders/:id/events',
    {
      config: { audit: { action: 'order-event', subject: 'named' } },
      onRequest: adminOnly,
      schema: {
        summary:
          'Moves the tracker: forward records the stage (a shipment with carrier and tracking number); back is a correction and needs a note; a refunded order refuses (admins only)',
        tags: ['admin'],
        params: purchaseOrderParamsSchema,
        body: orderEventRequestSchema,
        response: { 200: adminOrderSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const actorId = request.identity?.userId ?? null;
      const order = await orders.recordEvent(request.params.id, request.body, {
        source: 'staff',
        actorId,
      });
      request.auditSubject = order.buyer.id;
      return order;
    },
  );

  app.post(
    '/admin/orders/:id/refund',
    {
      config: { audit: { action: 'order-refund', subject: 'named' } },
      onRequest: adminOnly,
      schema: {
        summary:
          'Refunds the whole order through its payment provider, before the kit ships only; the buyer gets a mail (admins only)',
        tags: ['admin'],
        params: purchaseOrderParamsSchema,
        response: { 200: adminOrderSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const order = await orders.refund(request.params.id);
      request.auditSubject = order.buyer.id;
      return order;
    },
  );

  const { recordOrderEvent } = labApi;
  app.post(
    recordOrderEvent.path,
    {
      onRequest: labKeyGuard(app),
      schema: {
        summary: recordOrderEvent.summary,
        tags: ['lab'],
        params: recordOrderEvent.params,
        body: recordOrderEvent.body,
        response: recordOrderEvent.answers,
      },
    },
    async (request) => {
      const id = await orders.resolveOrderId(request.params.id, true);
      return orders.recordEvent(id, request.body, { source: 'lab', actorId: null });
    },
  );

  return Promise.resolve();
};
