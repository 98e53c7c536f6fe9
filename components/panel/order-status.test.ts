import { describe, expect, it } from 'vitest';
import { OTHER_STATUS_CLASS, statusBadge } from './order-status';

describe('statusBadge', () => {
  it('shows successful orders in green, with or without Turkish letters', () => {
    expect(statusBadge('basarili')).toEqual({ known: 'basarili', className: 'bg-success text-white' });
    expect(statusBadge('başarılı')).toEqual({ known: 'basarili', className: 'bg-success text-white' });
  });

  it('shows failed orders in red, with or without Turkish letters', () => {
    expect(statusBadge('basarisiz').className).toBe('bg-danger text-white');
    expect(statusBadge('Başarısız').known).toBe('basarisiz');
  });

  it('shows pending orders in yellow and cancelled ones as cancelled', () => {
    expect(statusBadge('beklemede')).toEqual({ known: 'beklemede', className: 'bg-yellow-300 text-ink' });
    expect(statusBadge('iptal').known).toBe('iptal');
  });

  it('shows any other value as it came, on grey', () => {
    expect(statusBadge('processing_by_provider')).toEqual({ known: null, raw: 'processing_by_provider', className: OTHER_STATUS_CLASS });
  });
});
