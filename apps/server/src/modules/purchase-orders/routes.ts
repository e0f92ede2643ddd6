import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { labApi } from '@nestling/shared/contract/api/lab';
import { purchaseOrdersApi } from '@nestling/shared/contract/api/purchase-orders';
import { sendCsv } from '../../csv.ts';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { labKeyGuard } from '../lab/index.ts';
import { createPurchaseOrdersRepository } from './repository.ts';
import { createPurchaseOrdersService, REFUND_IN_PROVIDER } from './service.ts';
import type { PaymentProvider } from '../checkout/index.ts';
import { Refusal } from '../../lib/refusal.ts';

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
      schema: purchaseOrdersApi['GET /orders'],
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
      schema: purchaseOrdersApi['GET /orders/:id'],
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
      schema: purchaseOrdersApi['GET /admin/orders'],
    },
    async (request) => ({ orders: await orders.adminOrders(request.query) }),
  );

  app.get(
    '/admin/orders.csv',
    {
      onRequest: adminOnly,
      schema: purchaseOrdersApi['GET /admin/orders.csv'],
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
      schema: purchaseOrdersApi['POST /admin/orders/:id/events'],
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
      schema: purchaseOrdersApi['POST /admin/orders/:id/refund'],
    },
    async (request) => {
      const order = await orders.refund(request.params.id);
      request.auditSubject = order.buyer.id;
      return order;
    },
  );

  app.post(
    '/lab/orders/:id/events',
    { onRequest: labKeyGuard(app), schema: labApi['POST /lab/orders/:id/events'] },
    async (request) => {
      const id = await orders.resolveOrderId(request.params.id, true);
      return orders.recordEvent(id, request.body, { source: 'lab', actorId: null });
    },
  );

  return Promise.resolve();
};
