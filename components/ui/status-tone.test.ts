import { CircleAlert, CircleCheck, CircleHelp, CircleX, LoaderCircle } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import tr from '@/messages/tr.json';
import { statusLook } from './status-tone';

describe('statusLook', () => {
  it('shows a successful order in green with a check, with or without Turkish letters', () => {
    expect(statusLook('order', 'basarili')).toEqual({ key: 'basarili', tone: 'success', icon: CircleCheck });
    expect(statusLook('order', 'Başarılı').key).toBe('basarili');
  });

  it('never shows a partly successful order as successful: amber with a warning sign', () => {
    expect(statusLook('order', 'kismi')).toEqual({ key: 'kismi', tone: 'warning', icon: CircleAlert });
    expect(statusLook('order', 'kısmi').tone).toBe('warning');
  });

  it('shows failed orders in red, waiting ones in yellow (§4) and cancelled ones as neutral', () => {
    expect(statusLook('order', 'başarısız')).toMatchObject({ key: 'basarisiz', tone: 'danger', icon: CircleX });
    expect(statusLook('order', 'beklemede').tone).toBe('pending');
    expect(statusLook('order', 'iptal').tone).toBe('neutral');
  });

  it('shows any other value as it came, on grey with a question mark', () => {
    expect(statusLook('order', 'processing_by_provider')).toEqual({ key: null, tone: 'neutral', icon: CircleHelp });
    expect(statusLook('ticket', 'toString').key).toBeNull();
  });

  it('covers the profile states of the service page, the pending one turning', () => {
    expect(statusLook('profile', 'idle').tone).toBe('neutral');
    expect(statusLook('profile', 'pending')).toEqual({ key: 'pending', tone: 'pending', icon: LoaderCircle, spin: true });
    expect(statusLook('profile', 'success').tone).toBe('success');
    expect(statusLook('profile', 'failed').tone).toBe('danger');
  });

  it('gives the order badge and the profile badge one tone per meaning', () => {
    for (const [order, profile] of [['beklemede', 'pending'], ['basarili', 'success'], ['basarisiz', 'failed']] as const) {
      expect(statusLook('order', order).tone).toBe(statusLook('profile', profile).tone);
    }
  });

  it('covers the ticket statuses', () => {
    expect(['open', 'answered', 'closed'].map((s) => statusLook('ticket', s).tone)).toEqual(['brand', 'info', 'neutral']);
  });

  it('has words for every known status in the catalogue', () => {
    const words = tr.Status as Record<string, Record<string, string>>;
    for (const [kind, values] of [
      ['order', ['basarili', 'kismi', 'basarisiz', 'beklemede', 'zamanlandi', 'iptal']],
      ['profile', ['idle', 'pending', 'success', 'failed']],
      ['ticket', ['open', 'answered', 'closed']],
    ] as const) {
      for (const v of values) expect(words[kind]?.[statusLook(kind, v).key!]).toBeTruthy();
    }
  });
});
