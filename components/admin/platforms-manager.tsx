'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Switch } from '@/components/ui/switch';
import { ENDPOINT_KEYS, SERVICE_IDS, type Platform, type Service, DEFAULT_PLATFORM } from '@/lib/domain/catalogue/services';
import { adminApi, errorText } from './admin-api';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FormField } from './form-field';
import { ActionPricesForm, type AdminActionPriceRow } from './action-prices-form';

export type AdminPlatformRow = { id: number; ad: Platform; aktif: boolean; api_endpoints: Record<string, string>; action_prices?: Record<string, AdminActionPriceRow> };

/** /rooting/platforms (§2): a tab per platform, the active switch, one input per §3 endpoint key, save per platform; then its services' prices per action (issue #33 item 7). */
export function PlatformsManager({ platforms }: { platforms: AdminPlatformRow[] }) {
  const t = useTranslations('Admin.platforms');
  const tp = useTranslations('Platforms');
  const first = platforms[0]?.ad ?? DEFAULT_PLATFORM;
  const [tab, setTab] = useState<string>(first);
  return (
    <section aria-labelledby="platforms-title">
      <h1 id="platforms-title" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h1>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t('tabsLabel')} style={{ gridTemplateColumns: `repeat(${platforms.length}, minmax(0, 1fr))` }}>
          {platforms.map((p) => (
            <TabsTrigger key={p.ad} value={p.ad}>
              {tp(p.ad)}
            </TabsTrigger>
          ))}
        </TabsList>
        {platforms.map((p) => (
          <TabsContent key={p.ad} value={p.ad}>
            <PlatformPanel platform={p} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function PlatformPanel({ platform }: { platform: AdminPlatformRow }) {
  const t = useTranslations('Admin.platforms');
  const tp = useTranslations('Platforms');
  const tv = useTranslations('PlatformValidation');
  const ts = useTranslations('Services');
  // The §3 keys (a service's key, `islem_durumu`) are wire names; the admin reads what each address is for.
  const keyLabel = (k: string) => (k === 'profile_list' || k === 'islem_durumu' || k === 'comment_drafts' || k === 'account_posts' || k === 'target_info' ? t(`endpointKeys.${k}`) : t('endpointKeys.service', { service: ts(k as never) }));
  const locale = useLocale();
  const router = useRouter();
  const keys = ENDPOINT_KEYS[platform.ad] as readonly string[];
  const [aktif, setAktif] = useState(platform.aktif);
  const [endpoints, setEndpoints] = useState<Record<string, string>>(() => Object.fromEntries(keys.map((k) => [k, platform.api_endpoints[k] ?? ''])));
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<string[]>([]);

  async function toggle(next: boolean) {
    setAktif(next);
    try {
      await adminApi(`/api/platformlar/${platform.ad}`, { method: 'PUT', body: { aktif: next }, locale, fallback: t('statusFailed') });
      toast.success(next ? t('activated', { platform: tp(platform.ad) }) : t('deactivated', { platform: tp(platform.ad) }));
      router.refresh();
    } catch (e) {
      setAktif(!next);
      toast.error(errorText(e, t('statusFailed')));
    }
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const bad = keys.filter((k) => endpoints[k] && !/^https?:\/\/\S+$/i.test(endpoints[k]!.trim()));
    setInvalid(bad);
    if (bad.length) return;
    setBusy(true);
    try {
      await adminApi(`/api/platformlar/${platform.ad}`, { method: 'PUT', body: { api_endpoints: endpoints }, locale, fallback: t('endpointsFailed') });
      toast.success(t('endpointsSaved'));
      router.refresh();
    } catch (err) {
      toast.error(errorText(err, t('endpointsFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="p-4">
      <div className="flex items-center gap-3">
        <Switch id={`platform-${platform.ad}-active`} checked={aktif} onCheckedChange={toggle} aria-describedby={`platform-${platform.ad}-state`} />
        <label htmlFor={`platform-${platform.ad}-active`} className="text-sm font-medium">
          {t('activeLabel', { platform: tp(platform.ad) })}
        </label>
        <span id={`platform-${platform.ad}-state`} className={aktif ? 'text-sm font-semibold text-success' : 'text-sm font-semibold text-muted'}>
          {aktif ? t('active') : t('inactive')}
        </span>
      </div>
      <form onSubmit={save} noValidate className="mt-4 flex flex-col gap-3">
        <h2 className="text-base font-semibold">{t('endpoints')}</h2>
        {keys.map((k) => (
          <FormField
            key={k}
            id={`endpoint-${platform.ad}-${k}`}
            label={
              <span className="flex flex-wrap items-baseline gap-x-2">
                {keyLabel(k)}
                <code className="text-xs font-normal text-muted">{t('endpointKeyHint', { key: k })}</code>
                {/* Issue #33: the service's number on the reseller API (`service` in services/add), fixed for good. */}
                {k in SERVICE_IDS ? (
                  <span className="text-xs font-normal text-muted" data-service-id={SERVICE_IDS[k as Service]}>
                    {t('serviceIdHint', { id: String(SERVICE_IDS[k as Service]) })}
                  </span>
                ) : null}
              </span>
            }
            error={invalid.includes(k) ? tv('endpointUrl') : undefined}
          >
            <Input
              id={`endpoint-${platform.ad}-${k}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={endpoints[k] ?? ''}
              aria-invalid={invalid.includes(k)}
              onChange={(e) => setEndpoints((v) => ({ ...v, [k]: e.target.value }))}
            />
          </FormField>
        ))}
        <div>
          <Button type="submit" loading={busy}>
            {t('save', { platform: tp(platform.ad) })}
          </Button>
        </div>
      </form>
      <ActionPricesForm platform={platform.ad} prices={platform.action_prices ?? {}} />
    </Card>
  );
}
