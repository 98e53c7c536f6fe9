import { describe, expect, it } from 'vitest';
import { exemptFromLimits, isAdminSession } from './is-admin-session';

describe('the admin session and the customer rules (issue #34 item 6)', () => {
  it('exempts an admin session only: not the admin account through the customer login, an API key or a bare user row', () => {
    expect(exemptFromLimits({ rol: 'admin', kind: 'admin' })).toBe(true);
    expect(exemptFromLimits({ rol: 'admin', kind: 'user' })).toBe(false);
    expect(exemptFromLimits({ rol: 'admin' })).toBe(false);
    expect(exemptFromLimits({ rol: 'user', kind: 'admin' })).toBe(false);
    expect(exemptFromLimits({ rol: 'user', kind: 'user' })).toBe(false);
    expect(exemptFromLimits(null)).toBe(false);
  });

  it('is the admin area’s rule', () => {
    for (const caller of [{ rol: 'admin', kind: 'admin' }, { rol: 'admin', kind: 'user' }, { rol: 'user', kind: 'user' }] as const) {
      expect(exemptFromLimits(caller)).toBe(isAdminSession(caller));
    }
  });
});
