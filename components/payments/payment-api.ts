import { callApi } from '@/components/client/api';

/**
 * The browser's payment calls (§7 /payment/*). Same-origin requests carry the session cookie;
 * the locale header makes `mesaj` come back in the page's language.
 */
export class PaymentError extends Error {
  constructor(
    readonly code: string,
    readonly mesaj: string,
    readonly status: number,
    readonly body: Record<string, unknown> = {},
  ) {
    super(mesaj || code);
  }
}

export type PaymentConfig = { provider: 'stripe' | 'test'; publishableKey: string | null };

/** Through the one API client (components/client/api.ts); a refusal keeps its code for the payment screens' messages. */
async function request<T>(method: 'GET' | 'POST', url: string, locale: string, body?: unknown): Promise<T> {
  const res = await callApi(url, { method, body, locale });
  if (!res.ok || !res.json) throw new PaymentError(res.body.code ?? 'PAYMENT_GENERIC_ERROR', res.body.mesaj ?? '', res.status, res.body);
  return res.body as T;
}

export const paymentApi = {
  config: (locale: string) => request<PaymentConfig>('GET', '/api/payment/config', locale),
  quote: (locale: string, body: { packageId: number; platformIds: string[]; discountCode?: string | null }) =>
    request<{ amount: number; ara_toplam: number; indirim_yuzdesi: number; indirim_kodu: string | null }>('POST', '/api/payment/quote', locale, body),
  createIntent: (locale: string, body: Record<string, unknown>) =>
    request<{ paymentIntentId: string; clientSecret: string; amount: number; provider: 'stripe' | 'test' }>('POST', '/api/payment/create-payment-intent', locale, body),
  confirm: (locale: string, body: Record<string, unknown>) =>
    request<{ mesaj: string; bakiye: number; bakiye_cents: number; alreadyCredited: boolean }>('POST', '/api/payment/confirm-payment', locale, body),
  testCard: (locale: string, body: { paymentIntentId: string; cardNumber: string; expMonth: number; expYear: number; cvc: string }) =>
    request<{ status: string }>('POST', '/api/payment/test-card/confirm', locale, body),
  testCardAuthenticate: (locale: string, body: { paymentIntentId: string; approve: boolean }) =>
    request<{ status: string }>('POST', '/api/payment/test-card/authenticate', locale, body),
};
