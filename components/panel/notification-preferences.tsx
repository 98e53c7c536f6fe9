'use client';

import { useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { NOTIFICATION_KINDS, type Channels, type NotificationKind } from '@/lib/domain/notifications/categories';
import { sendJson } from '@/components/auth/api';
import { inputClass } from '@/components/auth/form-field';
import { useHydrated } from '@/components/ui/use-hydrated';
import { centsToDecimal, parseDollars } from '@/lib/infra/money';
import { Button } from '@/components/ui/button';
import { cardVariants } from '@/components/ui/card';

type Props = { initial: { channels: Record<NotificationKind, Channels>; low_balance_cents: number | null } };

/**
 * /panel/settings, "Notifications" (issue #18): per category, in the app and/or by e-mail, and the
 * balance below which the customer wants to hear of it (empty: never). Saved with
 * PUT /api/notifications/preferences.
 */
export function NotificationPreferences({ initial }: Props) {
  const t = useTranslations('Settings.notifications');
  const errors = useTranslations('Errors');
  const locale = useLocale();
  const id = useId();
  const hydrated = useHydrated();
  const [channels, setChannels] = useState(initial.channels);
  const [threshold, setThreshold] = useState(initial.low_balance_cents === null ? '' : centsToDecimal(initial.low_balance_cents));
  const [busy, setBusy] = useState(false);

  const toggle = (kind: NotificationKind, channel: keyof Channels) => setChannels((c) => ({ ...c, [kind]: { ...c[kind], [channel]: !c[kind][channel] } }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const trimmed = threshold.trim().replace(',', '.');
    const cents = trimmed === '' ? null : parseDollars(trimmed);
    if (trimmed !== '' && cents === null) {
      toast.error(t('thresholdInvalid'));
      return;
    }
    setBusy(true);
    const res = await sendJson('/api/notifications/preferences', { channels, low_balance_cents: cents }, locale, 'PUT');
    setBusy(false);
    if (!res.ok) {
      const code = typeof res.body.code === 'string' ? res.body.code : 'INTERNAL';
      toast.error(errors.has(code as never) ? errors(code as never, res.body as never) : (res.body.mesaj ?? errors('INTERNAL')));
      return;
    }
    toast.success(t('saved'));
  }

  return (
    <section id="notifications" aria-labelledby={`${id}-heading`} className={cardVariants('space-y-4 p-4')} data-notification-preferences>
      <div className="space-y-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted">{t('intro')}</p>
      </div>
      <form onSubmit={onSubmit} className="space-y-4">
        <ul className="divide-y divide-line">
          {NOTIFICATION_KINDS.map((kind) => (
            <li key={kind} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center" data-preference={kind}>
              <span className="min-w-0 flex-1 text-sm">{t(`kinds.${kind}`)}</span>
              <span className="flex gap-4">
                {(['inApp', 'email'] as const).map((channel) => (
                  <label key={channel} className="inline-flex min-h-11 items-center gap-2 text-sm">
                    <input type="checkbox" checked={channels[kind][channel]} onChange={() => toggle(kind, channel)} className="size-5 accent-brand" />
                    {t(channel)}
                  </label>
                ))}
              </span>
            </li>
          ))}
        </ul>
        <div className="space-y-1">
          <label htmlFor={`${id}-threshold`} className="block text-sm font-medium">
            {t('threshold')}
          </label>
          <input id={`${id}-threshold`} inputMode="decimal" value={threshold} onChange={(e) => setThreshold(e.target.value)} placeholder={t('thresholdPlaceholder')} className={`${inputClass} sm:max-w-48`} />
          <p className="text-xs text-muted">{t('thresholdHelp')}</p>
        </div>
        <Button type="submit" disabled={busy || !hydrated} aria-busy={busy} className="w-full sm:w-auto">
          {t('save')}
        </Button>
      </form>
    </section>
  );
}
