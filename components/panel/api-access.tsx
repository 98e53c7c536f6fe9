'use client';

import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/use-format';
import { toast } from 'sonner';
import { Link } from '@/components/ui/link';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { ErrorMessage } from '@/components/ui/form-field';
import { getJson, sendJson } from '@/components/auth/api';
import { InputField, PasswordField } from '@/components/auth/fields';
import { SubmitButton } from '@/components/auth/form-field';
import { useAuthForm } from '@/components/auth/use-auth-form';
import { ApiKeyWebhook } from './api-key-webhook';
import { CopyButton } from './copy-button';
import { Button } from '@/components/ui/button';
import { cardVariants } from '@/components/ui/card';

export type ApiKeyItem = { id: number; name: string; prefix: string; created_at: string; last_used_at: string | null; webhook_url: string | null };

type Props = { initialKeys: ApiKeyItem[]; endpoint: string; maxKeys: number };

/**
 * /panel/settings, "API access" (issue #16): the caller's reseller endpoint, their API keys
 * (created with a name and the current password, shown once with a copy button; listed by
 * prefix, creation and last use; revoked after a confirmation) and each key's webhook.
 */
export function ApiAccess({ initialKeys, endpoint, maxKeys }: Props) {
  const t = useTranslations('Settings.api');
  const errors = useTranslations('Errors');
  const [keys, setKeys] = useState(initialKeys);
  const [loadError, setLoadError] = useState(false);
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<{ key: string; name: string } | null>(null);
  const { form, locale, isSubmitting, error } = useAuthForm(() => import('@/lib/domain/api-keys/schemas').then((m) => m.createApiKeySchema), { name: '', currentPassword: '' });

  async function reload() {
    setLoading(true);
    const res = await getJson('/api/api-keys', locale);
    setLoading(false);
    if (!res.ok) {
      setLoadError(true);
      return;
    }
    setLoadError(false);
    setKeys(res.body.api_keys as ApiKeyItem[]);
  }

  const errorOf = (body: { code?: unknown; mesaj?: string }) =>
    typeof body.code === 'string' && errors.has(body.code as never) ? errors(body.code as never, body as never) : (body.mesaj ?? errors('INTERNAL'));

  const onCreate = form.handleSubmit(async (input) => {
    const res = await sendJson('/api/api-keys', input, locale);
    if (!res.ok) {
      if (res.body.code === 'CURRENT_PASSWORD_WRONG') form.setError('currentPassword', { message: 'Errors.CURRENT_PASSWORD_WRONG' });
      else toast.error(errorOf(res.body));
      return;
    }
    form.reset({ name: '', currentPassword: '' });
    setShown({ key: res.body.key as string, name: input.name });
    await reload();
  });

  const full = keys.length >= maxKeys;

  return (
    <section id="api-keys" aria-labelledby="api-heading" className={cardVariants('scroll-mt-20 space-y-6 p-4')}>
      <div className="space-y-2">
        <h2 id="api-heading" className="text-lg font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted">{t('intro')}</p>
      </div>

      <div className="space-y-2">
        <h3 className="text-sm font-semibold">{t('endpoint')}</h3>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code className="block min-w-0 flex-1 wrap-anywhere rounded-md border border-line bg-surface px-3 py-2 text-sm">{endpoint}</code>
          <CopyButton value={endpoint} label={t('copyEndpoint')} />
        </div>
        <p className="text-sm text-muted">
          {t('docsText')}{' '}
          <Link href="/docs/api" className="font-medium text-brand underline underline-offset-2">
            {t('docs')}
          </Link>
        </p>
      </div>

      <div className="space-y-3">
        <h3 className="text-sm font-semibold">{t('keys')}</h3>
        <p className="text-sm text-muted">{t('keysHint', { max: maxKeys })}</p>
        {loadError ? (
          <div className="space-y-2">
            <ErrorMessage>{t('loadError')}</ErrorMessage>
            <Button onClick={reload} disabled={loading} variant="secondary">
              {t('retry')}
            </Button>
          </div>
        ) : keys.length === 0 ? (
          <p className="rounded-md border border-dashed border-line p-4 text-sm text-muted">{t('empty')}</p>
        ) : (
          <ul className="space-y-3" aria-busy={loading}>
            {keys.map((key) => (
              <ApiKeyCard key={key.id} item={key} onRevoked={reload} errorOf={errorOf} />
            ))}
          </ul>
        )}
      </div>

      <FormProvider {...form}>
        <form onSubmit={onCreate} noValidate className="space-y-4 border-t border-line pt-4">
          <h3 className="text-sm font-semibold">{t('newKey')}</h3>
          {full ? <p className="text-sm text-warning">{errors('API_KEY_LIMIT', { max: maxKeys })}</p> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField id="api-key-name" label={t('name')} error={error('name')} {...form.register('name')} autoComplete="off" maxLength={60} />
            <PasswordField id="api-key-password" label={t('currentPassword')} error={error('currentPassword')} {...form.register('currentPassword')} autoComplete="current-password" />
          </div>
          <SubmitButton busy={isSubmitting} label={t('create')} busyLabel={t('creating')} className="w-full sm:w-auto" />
        </form>
      </FormProvider>

      <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        {shown ? (
          <DialogContent title={t('createdTitle')} description={t('createdText')} closeLabel={t('done')}>
            <div className="space-y-4">
              <p className="text-sm font-medium">{shown.name}</p>
              <code data-testid="new-api-key" className="block wrap-anywhere rounded-md border border-line bg-surface px-3 py-2 text-sm">
                {shown.key}
              </code>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <CopyButton value={shown.key} label={t('copyKey')} />
                <DialogClose asChild>
                  <Button className="w-full sm:w-auto">{t('done')}</Button>
                </DialogClose>
              </div>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  );
}

function ApiKeyCard({ item, onRevoked, errorOf }: { item: ApiKeyItem; onRevoked: () => Promise<void>; errorOf: (body: { code?: unknown; mesaj?: string }) => string }) {
  const t = useTranslations('Settings.api');
  const common = useTranslations('Common');
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [webhookOpen, setWebhookOpen] = useState(false);
  const locale = useLocale();
  // Server-rendered buttons do nothing until the page is hydrated: disabled until then.
  const hydrated = useHydrated();

  async function revoke() {
    setBusy(true);
    const res = await sendJson(`/api/api-keys/${item.id}`, undefined, locale, 'DELETE');
    setBusy(false);
    if (!res.ok) {
      toast.error(errorOf(res.body));
      return;
    }
    setConfirming(false);
    toast.success(t('revoked'));
    await onRevoked();
  }

  const date = (iso: string) => format.dateTime(iso);
  const panelId = `webhook-${item.id}`;
  return (
    <li className="space-y-3 rounded-md border border-line p-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="break-words font-semibold">{item.name}</p>
          <p className="text-sm">
            <span className="text-muted">{t('prefix')}: </span>
            <code className="wrap-anywhere">{item.prefix}…</code>
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm">
            <dt className="text-muted">{t('created')}</dt>
            <dd>{date(item.created_at)}</dd>
            <dt className="text-muted">{t('lastUsed')}</dt>
            <dd>{item.last_used_at ? date(item.last_used_at) : t('never')}</dd>
          </dl>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button disabled={!hydrated} variant="secondary" aria-expanded={webhookOpen} aria-controls={panelId} onClick={() => setWebhookOpen((v) => !v)}>
            {webhookOpen ? t('hideWebhook') : t('showWebhook')}
          </Button>
          <Button disabled={!hydrated} onClick={() => setConfirming(true)} variant="secondary" className="border-danger text-danger hover:bg-danger/10">
            {t('revoke')}
          </Button>
        </div>
      </div>
      {webhookOpen ? (
        <div id={panelId}>
          <ApiKeyWebhook keyId={item.id} errorOf={errorOf} />
        </div>
      ) : null}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent title={t('revokeTitle')} description={t('revokeText', { name: item.name })} closeLabel={common('close')}>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{common('cancel')}</Button>
            </DialogClose>
            <Button onClick={revoke} disabled={busy} aria-busy={busy} variant="destructive">
              {t('revoke')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}
