/**
 * Why a call to the fulfilment provider did not give a usable answer. `retryable` says whether
 * the same request may succeed later (down, timeout, 5xx, 429, garbage) or never will (a 4xx
 * refusal of the request itself, an endpoint whose address the policy refuses: address-policy.ts).
 */
export type ProviderErrorKind = 'unreachable' | 'timeout' | 'http' | 'invalid_response' | 'rejected' | 'not_configured' | 'forbidden_address';

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status?: number;
  readonly retryable: boolean;

  constructor(kind: ProviderErrorKind, message: string, options: { status?: number; retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = options.status;
    this.retryable = options.retryable ?? (kind !== 'rejected' && kind !== 'not_configured' && kind !== 'forbidden_address');
  }
}

export function isProviderError(err: unknown): err is ProviderError {
  return err instanceof ProviderError;
}
