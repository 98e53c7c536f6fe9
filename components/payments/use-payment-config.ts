'use client';

import { useEffect, useState } from 'react';
import { paymentApi, type PaymentConfig } from './payment-api';

/** Which card form to show; given by the page when it knows, else asked once from the server. */
export function usePaymentConfig(locale: string, initial?: PaymentConfig): PaymentConfig | null {
  const [config, setConfig] = useState<PaymentConfig | null>(initial ?? null);
  useEffect(() => {
    if (config) return;
    let alive = true;
    paymentApi
      .config(locale)
      .then((c) => alive && setConfig({ provider: c.provider, publishableKey: c.publishableKey }))
      .catch(() => alive && setConfig({ provider: 'test', publishableKey: null }));
    return () => {
      alive = false;
    };
  }, [config, locale]);
  return config;
}
