import { describe, expect, it } from 'vitest';
import tr from '@/messages/tr.json';
import { clientMessages } from './client-messages';

describe('the messages sent to the browser', () => {
  it('keep what client components use and leave policy bodies and mail templates on the server', () => {
    const client = clientMessages(tr as Record<string, unknown>) as typeof tr;
    expect(client.Policies.privacy).toEqual({ title: tr.Policies.privacy.title });
    expect(client.Policies.close).toBe(tr.Policies.close);
    expect(client.Contact.send).toBe(tr.Contact.send);
    expect('mailBody' in client.Contact).toBe(false);
    expect(client.ServicePage).toEqual(tr.ServicePage);
    expect(JSON.stringify(client).length).toBeLessThan(JSON.stringify(tr).length - 5000);
  });

  it('never ship what only server components read (storefront, pricing, metadata, 404, unsubscribe), in any area', () => {
    for (const scope of ['public', 'panel', 'all'] as const) {
      const client = clientMessages(tr as Record<string, unknown>, scope);
      for (const ns of ['Mail', 'Pricing', 'Storefront', 'Unsubscribe', 'Meta', 'NotFound']) expect(client, `${scope} ${ns}`).not.toHaveProperty(ns);
    }
  });

  it('leave the panel and back-office texts out of public pages, and give them to those areas', () => {
    const publicOnly = clientMessages(tr as Record<string, unknown>) as Record<string, unknown>;
    expect(publicOnly.Admin).toBeUndefined();
    expect(publicOnly.Panel).toBeUndefined();
    expect(publicOnly.Header).toEqual(tr.Header);
    const all = clientMessages(tr as Record<string, unknown>, 'all') as typeof tr;
    expect(all.Admin).toEqual(tr.Admin);
    expect(all.Panel).toEqual(tr.Panel);
  });

  it('give the customer panel its texts but not the back office’s', () => {
    const panel = clientMessages(tr as Record<string, unknown>, 'panel') as Record<string, unknown>;
    expect(panel.Panel).toEqual(tr.Panel);
    expect(panel.Settings).toEqual(tr.Settings);
    expect(panel.TwoFactor).toEqual(tr.TwoFactor);
    expect(panel.Admin).toBeUndefined();
    expect(panel.SettingsValidation).toBeUndefined();
  });
});
