'use client';

import { callApi } from '@/components/client/api';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useHydrated } from '@/components/ui/use-hydrated';

const COOLDOWN_MS = 60_000;
const STORAGE_KEY = 'contact_cooldown_until';

type Phase = 'idle' | 'sending';

function storedCooldownUntil(): number {
  if (typeof window === 'undefined') return 0;
  const value = Number(window.localStorage.getItem(STORAGE_KEY) ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/**
 * The help drawer's contact form (§2, §4): idle → sending → a 60 s cooldown with a countdown on
 * the button. The server enforces the cooldown per e-mail and per IP (429 with the seconds left);
 * the browser only mirrors it, also across closing and reopening the drawer. No client-side
 * validation (§5): the server's messages are shown.
 */
export function ContactForm() {
  const t = useTranslations('Contact');
  const locale = useLocale();
  const id = useId();
  // No native submit before hydration (components/ui/use-hydrated.ts).
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [until, setUntil] = useState<number>(0);
  const [now, setNow] = useState<number>(0);

  // Read the stored cooldown after hydration (the server has no local storage).
  useEffect(() => {
    const stored = storedCooldownUntil();
    const tick = () => setNow(Date.now());
    const first = setTimeout(() => {
      setUntil(stored);
      tick();
    }, 0);
    const interval = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, []);

  const secondsLeft = until > now ? Math.ceil((until - now) / 1000) : 0;

  function startCooldown(ms: number) {
    const end = Date.now() + ms;
    window.localStorage.setItem(STORAGE_KEY, String(end));
    setUntil(end);
    setNow(Date.now());
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (phase === 'sending') return;
    if (secondsLeft > 0) {
      toast.error(t('wait', { seconds: secondsLeft }));
      return;
    }
    const data = new FormData(e.currentTarget);
    setPhase('sending');
    try {
      const res = await callApi('/api/contact', {
        locale,
        body: {
          name: String(data.get('name') ?? ''),
          email: String(data.get('email') ?? ''),
          subject: String(data.get('subject') ?? ''),
          message: String(data.get('message') ?? ''),
        },
      });
      const body = res.body;
      if (res.ok) {
        toast.success(t('success'));
        formRef.current?.reset();
        startCooldown(COOLDOWN_MS);
      } else if (res.status === 429) {
        const seconds = Number(body.seconds) > 0 ? Number(body.seconds) : 60;
        startCooldown(seconds * 1000);
        toast.error(body.mesaj ?? t('wait', { seconds }));
      } else {
        toast.error(body.mesaj ?? t('failed'));
      }
    } catch {
      toast.error(t('failed'));
    } finally {
      setPhase('idle');
    }
  }

  const label = 'block text-sm font-medium';
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="space-y-3" data-contact-form>
      <h3 id={`${id}-title`} className="text-base font-semibold">
        {t('title')}
      </h3>
      <p className="text-sm text-muted">{t('intro')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={label}>
            {t('name')}
          </label>
          <Input id={`${id}-name`} name="name" autoComplete="name" className="mt-1" />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={label}>
            {t('email')}
          </label>
          <Input id={`${id}-email`} name="email" type="email" autoComplete="email" className="mt-1" />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-subject`} className={label}>
          {t('subject')}
        </label>
        <Select id={`${id}-subject`} name="subject" defaultValue="" className="mt-1">
          <option value="">{t('subjectPlaceholder')}</option>
          <option value="purchase">{t('subjects.purchase')}</option>
          <option value="support">{t('subjects.support')}</option>
          <option value="other">{t('subjects.other')}</option>
        </Select>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className={label}>
          {t('message')}
        </label>
        <Textarea id={`${id}-message`} name="message" rows={4} className="mt-1" />
      </div>
      <Button
        type="submit"
        disabled={!hydrated}
        aria-disabled={phase === 'sending' || secondsLeft > 0}
        aria-busy={phase === 'sending'}
        className="w-full sm:w-auto"
      >
        <Send aria-hidden="true" className="size-4" />
        {phase === 'sending' ? t('sending') : secondsLeft > 0 ? t('cooldown', { seconds: secondsLeft }) : t('send')}
      </Button>
    </form>
  );
}
