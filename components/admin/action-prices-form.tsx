'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { SERVICES, type Platform, type Service } from '@/lib/domain/catalogue/services';
import { actionPriceInputSchema, DEFAULT_PAY_PER_ACTION_MAX_PROFILES, PER_ACTION_SERVICES } from '@/lib/domain/pricing/action-price-schema';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { adminApi, errorText } from './admin-api';
import { FormField } from './form-field';

export type AdminActionPriceRow = { price: string; enabled: boolean; max_profiles: number };
type Row = { price: string; enabled: boolean; maxProfiles: string };

/**
 * /rooting/platforms, per platform (issue #33 item 7): pay per action. For each service but the
 * new tweet (priced per follower tier), a price per action in USD, the switch that lets customers
 * without a package (or past their daily limit) order it paid from the balance, and the most
 * profiles one such order of a customer without a package may name. Saved with the platform's
 * PUT (`action_prices`), where the server turns the price into cents and audits the change.
 */
export function ActionPricesForm({ platform, prices }: { platform: Platform; prices: Record<string, AdminActionPriceRow> }) {
  const t = useTranslations('Admin.platforms.payPerAction');
  const tv = useTranslations();
  const ts = useTranslations('Services');
  const locale = useLocale();
  const router = useRouter();
  const services = (SERVICES[platform] as readonly Service[]).filter((s) => PER_ACTION_SERVICES.includes(s));
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      services.map((s) => [s, { price: prices[s]?.price ?? '', enabled: prices[s]?.enabled ?? false, maxProfiles: String(prices[s]?.max_profiles ?? DEFAULT_PAY_PER_ACTION_MAX_PROFILES) }]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (s: string, patch: Partial<Row>) => setRows((v) => ({ ...v, [s]: { ...v[s]!, ...patch } }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const body: Record<string, unknown> = {};
    const found: Record<string, string> = {};
    for (const s of services) {
      const r = rows[s]!;
      const parsed = actionPriceInputSchema.safeParse({ price: r.price, enabled: r.enabled, max_profiles: r.maxProfiles });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        found[`${s}.${issue.path[0] === 'max_profiles' ? 'max' : 'price'}`] = issue.message;
      } else body[s] = parsed.data;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await adminApi(`/api/platformlar/${platform}`, { method: 'PUT', body: { action_prices: body }, locale, fallback: t('failed') });
      toast.success(t('saved'));
      router.refresh();
    } catch (err) {
      toast.error(errorText(err, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="mt-6 flex flex-col gap-3" data-action-prices={platform}>
      <h2 className="text-base font-semibold">{t('title')}</h2>
      <p className="text-sm text-muted">{t('help')}</p>
      {services.map((s) => {
        const r = rows[s]!;
        const priceError = errors[`${s}.price`];
        const maxError = errors[`${s}.max`];
        return (
          <fieldset key={s} className="grid gap-3 rounded-md border border-line p-3 sm:grid-cols-[1fr_9rem_9rem]" data-action-price={s}>
            <legend className="px-1 text-sm font-medium">{ts(s as never)}</legend>
            <div className="flex items-center gap-3 self-end pb-2">
              <Switch id={`ppa-${s}-on`} checked={r.enabled} onCheckedChange={(v) => set(s, { enabled: v })} />
              <label htmlFor={`ppa-${s}-on`} className="text-sm">
                {t('enabled')}
              </label>
            </div>
            <FormField id={`ppa-${s}-price`} label={t('price')} error={priceError ? tv(priceError as never) : undefined}>
              <Input
                id={`ppa-${s}-price`}
                inputMode="decimal"
                placeholder="0.10"
                value={r.price}
                aria-invalid={!!priceError}
                onChange={(e) => set(s, { price: e.target.value })}
              />
            </FormField>
            <FormField id={`ppa-${s}-max`} label={t('maxProfiles')} error={maxError ? tv(maxError as never) : undefined}>
              <Input
                id={`ppa-${s}-max`}
                inputMode="numeric"
                value={r.maxProfiles}
                aria-invalid={!!maxError}
                onChange={(e) => set(s, { maxProfiles: e.target.value })}
              />
            </FormField>
          </fieldset>
        );
      })}
      <div>
        <Button type="submit" loading={busy} data-save-action-prices>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
