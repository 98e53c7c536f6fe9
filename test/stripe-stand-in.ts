import crypto from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local HTTP stand-in for the part of Stripe's API the app uses (PaymentIntents), so the real
 * Stripe implementation (the `stripe` SDK pointed here through STRIPE_API_BASE) is tested at the
 * HTTP boundary: form-encoded requests, bearer secret key, idempotency keys, Stripe's error
 * shapes. `confirm` plays the browser's Stripe.js step with Stripe's test payment methods.
 */
export type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  status: string;
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
  created: number;
  livemode: false;
};

/** Stripe's test PaymentMethods (docs.stripe.com/testing) and what confirming with them does. */
const PAYMENT_METHODS: Record<string, { status: string; code?: string; decline_code?: string }> = {
  pm_card_visa: { status: 'requires_capture' },
  pm_card_mastercard: { status: 'requires_capture' },
  pm_card_chargeDeclined: { status: 'requires_payment_method', code: 'card_declined', decline_code: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { status: 'requires_payment_method', code: 'card_declined', decline_code: 'insufficient_funds' },
  pm_card_chargeDeclinedExpiredCard: { status: 'requires_payment_method', code: 'expired_card' },
  pm_card_authenticationRequired: { status: 'requires_action' },
};

export type StripeStandIn = {
  url: string;
  secretKey: string;
  intents: Map<string, StandInIntent>;
  /** Requests received, as "METHOD /path". */
  log: string[];
  captureCalls: () => number;
  confirm: (id: string, paymentMethod: keyof typeof PAYMENT_METHODS) => StandInIntent;
  /** A Stripe event envelope for a webhook. */
  event: (type: string, intent: StandInIntent) => { id: string; object: 'event'; type: string; data: { object: StandInIntent }; created: number; livemode: false; api_version: string };
  close: () => Promise<void>;
};

function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const m = /^([^[]+)\[([^\]]+)\](?:\[([^\]]+)\])?$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const parent = (out[m[1]!] ??= {}) as Record<string, unknown>;
    if (m[3]) ((parent[m[2]!] ??= {}) as Record<string, unknown>)[m[3]] = value;
    else parent[m[2]!] = value;
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, code: string, message: string, extra: Record<string, unknown> = {}): void {
  send(res, status, { error: { type: status === 402 ? 'card_error' : 'invalid_request_error', code, message, ...extra } });
}

export async function startStripeStandIn(options: { port: number; secretKey?: string }): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_stand_in';
  const intents = new Map<string, StandInIntent>();
  const idempotent = new Map<string, string>();
  const log: string[] = [];
  let captures = 0;

  const setOutcome = (pi: StandInIntent, paymentMethod: string) => {
    const outcome = PAYMENT_METHODS[paymentMethod];
    if (!outcome) throw new Error(`unknown test payment method ${paymentMethod}`);
    pi.status = outcome.status;
    pi.last_payment_error = outcome.code
      ? { type: 'card_error', code: outcome.code, ...(outcome.decline_code ? { decline_code: outcome.decline_code } : {}), message: 'Your card was declined.' }
      : null;
    pi.amount_capturable = outcome.status === 'requires_capture' ? pi.amount : 0;
    return pi;
  };

  const handler = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    log.push(`${req.method} ${url.pathname}`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) return stripeError(res, 401, 'api_key_invalid', 'Invalid API Key provided.');
    const params = parseForm(body);
    const parts = url.pathname.split('/').filter(Boolean); // v1 payment_intents [id] [action]
    if (parts[0] !== 'v1' || parts[1] !== 'payment_intents') return stripeError(res, 404, 'resource_missing', 'Unrecognized request URL.');

    if (req.method === 'POST' && parts.length === 2) {
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && idempotent.has(key)) return send(res, 200, intents.get(idempotent.get(key)!));
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) return stripeError(res, 400, 'amount_too_small', 'Amount must be at least $0.50 usd');
      const id = `pi_${crypto.randomBytes(12).toString('hex')}`;
      const pi: StandInIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency: String(params.currency ?? 'usd'),
        capture_method: String(params.capture_method ?? 'automatic'),
        client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
        description: (params.description as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        status: 'requires_payment_method',
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, pi);
      if (typeof key === 'string') idempotent.set(key, id);
      return send(res, 200, pi);
    }

    const pi = intents.get(parts[2] ?? '');
    if (!pi) return stripeError(res, 404, 'resource_missing', `No such payment_intent: '${parts[2]}'`, { param: 'intent' });
    if (req.method === 'GET' && parts.length === 3) return send(res, 200, pi);
    if (req.method === 'POST' && parts[3] === 'confirm') {
      if (!['requires_payment_method', 'requires_confirmation'].includes(pi.status)) {
        return stripeError(res, 400, 'payment_intent_unexpected_state', 'This PaymentIntent cannot be confirmed.');
      }
      return send(res, 200, setOutcome(pi, String(params.payment_method)));
    }
    if (req.method === 'POST' && parts[3] === 'capture') {
      captures++;
      if (pi.status !== 'requires_capture') {
        return stripeError(res, 400, 'payment_intent_unexpected_state', `This PaymentIntent could not be captured because it has a status of ${pi.status}.`);
      }
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.amount_capturable = 0;
      return send(res, 200, pi);
    }
    if (req.method === 'POST' && parts[3] === 'cancel') {
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        return stripeError(res, 400, 'payment_intent_unexpected_state', `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`);
      }
      pi.status = 'canceled';
      pi.amount_capturable = 0;
      return send(res, 200, pi);
    }
    return stripeError(res, 404, 'resource_missing', 'Unrecognized request URL.');
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });

  return {
    url: `http://127.0.0.1:${options.port}`,
    secretKey,
    intents,
    log,
    captureCalls: () => captures,
    confirm: (id, paymentMethod) => {
      const pi = intents.get(id);
      if (!pi) throw new Error(`no intent ${id}`);
      return structuredClone(setOutcome(pi, paymentMethod));
    },
    event: (type, intent) => ({
      id: `evt_${crypto.randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      data: { object: structuredClone(intent) },
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: '2025-01-01',
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
