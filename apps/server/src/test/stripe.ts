import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The settings that make the server take payments with Stripe, aimed at a stand-in. */
export const STRIPE_TEST_SECRET_KEY = 'sk_test_standin_0123456789';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';

export interface StandInCall {
  method: string;
  path: string;
  /** The form body as Stripe's SDK encodes it: 'line_items[0][price_data][unit_amount]' => '...'. */
  form: URLSearchParams;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  url: string;
  /** Every call, in order. */
  calls: StandInCall[];
  /** The env for createTestApp: PAYMENT_PROVIDER=stripe, the keys, STRIPE_API_URL. */
  env: Record<string, string>;
  /** While true, every call's connection is cut as if Stripe could not be reached. */
  offline: boolean;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}

/**
 * A stand-in for Stripe's API on 127.0.0.1, so that tests drive the real SDK without the
 * internet. It makes and expires Checkout Sessions and makes refunds and, like Stripe, answers
 * a repeated Idempotency-Key with the first answer.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: StandInCall[] = [];
  const answered = new Map<string, unknown>();
  let next = 0;

  const answer = (call: StandInCall): { status: number; body: unknown } => {
    if (call.method === 'POST' && call.path === '/v1/checkout/sessions') {
      next += 1;
      const id = `cs_test_standin${String(next)}`;
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(call.form.get('line_items[0][price_data][unit_amount]')),
          currency: call.form.get('line_items[0][price_data][currency]'),
          client_reference_id: call.form.get('client_reference_id'),
          metadata: { checkoutId: call.form.get('metadata[checkoutId]') },
          customer_email: call.form.get('customer_email'),
          expires_at: Number(call.form.get('expires_at') ?? 0),
          payment_intent: null,
          success_url: call.form.get('success_url'),
          cancel_url: call.form.get('cancel_url'),
          url: `https://checkout.stripe.test/c/pay/${id}`,
        },
      };
    }
    const expiring = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(call.path);
    if (call.method === 'POST' && expiring !== null) {
      return {
        status: 200,
        body: { id: expiring[1], object: 'checkout.session', status: 'expired', url: null },
      };
    }
    if (call.method === 'POST' && call.path === '/v1/refunds') {
      next += 1;
      return {
        status: 200,
        body: {
          id: `re_standin${String(next)}`,
          object: 'refund',
          payment_intent: call.form.get('payment_intent'),
          status: 'succeeded',
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } },
    };
  };

  const server: Server = createServer((request, response) => {
    if (standIn.offline) {
      request.socket.destroy();
      return;
    }
    void readBody(request).then((text) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : null;
      };
      const call: StandInCall = {
        method: request.method ?? 'GET',
        path: url.pathname,
        form: new URLSearchParams(text),
        idempotencyKey: header('idempotency-key'),
        authorization: header('authorization'),
      };
      calls.push(call);
      const key = call.idempotencyKey === null ? null : `${call.path} ${call.idempotencyKey}`;
      const known = key === null ? undefined : answered.get(key);
      const result = known === undefined ? answer(call) : { status: 200, body: known };
      if (key !== null && known === undefined && result.status === 200) {
        answered.set(key, result.body);
      }
      response.writeHead(result.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${String(port)}`;
  const standIn: StripeStandIn = {
    offline: false,
    url,
    calls,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: url,
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
  return standIn;
}

/** A Stripe event as its webhook sends it. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number } = {},
): Record<string, unknown> {
  return {
    id: options.id ?? `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The Stripe-Signature header Stripe would send with `payload`, made by the SDK itself. */
export function signStripePayload(
  payload: string,
  secret: string = STRIPE_TEST_WEBHOOK_SECRET,
): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
