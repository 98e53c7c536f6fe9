'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/use-format';
import { toast } from 'sonner';
import { ErrorMessage } from '@/components/ui/form-field';
import { getJson, sendJson } from '@/components/auth/api';
import { fieldAria, FormField, inputClass } from '@/components/auth/form-field';
import { cn } from '@/lib/infra/utils/cn';
import { orderNumberText } from '@/lib/infra/format';
import type { DeliveryView } from '@/lib/domain/webhooks/manage-webhook';
import { CopyButton } from './copy-button';
import { Button } from '@/components/ui/button';

/** A delivery as GET /api/api-keys/{id}/webhook answers it (lib/domain/webhooks). */
type Delivery = DeliveryView;
type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string | null; secret: string | null; deliveries: Delivery[] };

const DELIVERY_CLASS: Record<Delivery['status'], string> = {
  delivered: 'bg-success text-on-fill',
  pending: 'bg-warning text-on-fill',
  failed: 'bg-danger text-on-fill',
};

/**
 * One key's webhook (issue #16): its https URL, the signing secret (with copy and "new secret"),
 * "send test event", and the latest deliveries with their outcome.
 */
export function ApiKeyWebhook({ keyId, errorOf }: { keyId: number; errorOf: (body: { code?: unknown; mesaj?: string }) => string }) {
  const t = useTranslations('Settings.api');
  const locale = useLocale();
  const format = useFormat();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'save' | 'test' | 'secret' | null>(null);

  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);

  useEffect(() => {
    let stale = false;
    void (async () => {
      const res = await getJson(`/api/api-keys/${keyId}/webhook`, locale);
      if (stale) return;
      if (!res.ok) return setState({ status: 'error' });
      const webhook = res.body.webhook as { url: string | null; secret: string | null };
      setState({ status: 'ready', ...webhook, deliveries: res.body.deliveries as Delivery[] });
      setUrl(webhook.url ?? '');
    })();
    return () => {
      stale = true;
    };
  }, [keyId, locale, version]);

  async function save(body: { url: string | null; rotateSecret?: boolean }, kind: 'save' | 'secret') {
    setBusy(kind);
    const res = await sendJson(`/api/api-keys/${keyId}/webhook`, body, locale, 'PUT');
    setBusy(null);
    if (!res.ok) {
      if (res.body.code === 'WEBHOOK_URL_INVALID' || res.body.code === 'VALIDATION_FAILED') setUrlError(errorOf(res.body));
      else toast.error(errorOf(res.body));
      return;
    }
    setUrlError(undefined);
    toast.success(body.url ? t('saved') : t('removed'));
    load();
  }

  async function test() {
    setBusy('test');
    const res = await sendJson(`/api/api-keys/${keyId}/webhook/test`, {}, locale);
    setBusy(null);
    if (!res.ok) {
      toast.error(errorOf(res.body));
      return;
    }
    const d = res.body.delivery as Delivery;
    if (d.status === 'delivered') toast.success(t('testOk', { status: d.response_status ?? 0 }));
    else toast.error(t('testFailed', { error: d.last_error ?? '' }));
    load();
  }

  if (state.status === 'loading') return <p className="text-sm text-muted" role="status">{t('loading')}</p>;
  if (state.status === 'error')
    return (
      <div className="space-y-2">
        <ErrorMessage>{t('webhookLoadError')}</ErrorMessage>
        <Button variant="secondary" onClick={load}>
          {t('retry')}
        </Button>
      </div>
    );

  const inputId = `webhook-url-${keyId}`;
  return (
    <div className="space-y-4 rounded-md bg-surface p-3">
      <p className="text-sm text-muted">{t('webhookHint')}</p>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save({ url: url.trim() || null }, 'save');
        }}
      >
        <FormField id={inputId} label={t('webhookUrl')} error={urlError}>
          <input
            {...fieldAria(inputId, urlError)}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            className={inputClass}
            autoComplete="off"
          />
        </FormField>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={busy !== null} aria-busy={busy === 'save'}>
            {busy === 'save' ? t('saving') : t('save')}
          </Button>
          {state.url ? (
            <Button disabled={busy !== null} onClick={() => void save({ url: null }, 'save')} variant="secondary">
              {t('remove')}
            </Button>
          ) : null}
        </div>
      </form>

      {state.url && state.secret ? (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold">{t('secret')}</h4>
          <code className="block wrap-anywhere rounded-md border border-line bg-card px-3 py-2 text-sm">{state.secret}</code>
          <div className="flex flex-col gap-2 sm:flex-row">
            <CopyButton value={state.secret} label={t('copySecret')} />
            <Button disabled={busy !== null} onClick={() => void save({ url: state.url, rotateSecret: true }, 'secret')} variant="secondary">
              {t('newSecret')}
            </Button>
            <Button disabled={busy !== null} aria-busy={busy === 'test'} onClick={() => void test()} variant="secondary">
              {busy === 'test' ? t('testing') : t('test')}
            </Button>
          </div>
        </div>
      ) : null}

      <div className="space-y-2">
        <h4 className="text-sm font-semibold">{t('deliveries')}</h4>
        {state.deliveries.length === 0 ? (
          <p className="text-sm text-muted">{t('noDeliveries')}</p>
        ) : (
          <ul className="divide-y divide-line rounded-md border border-line bg-card">
            {state.deliveries.map((d) => (
              <li key={d.id} className="flex flex-col gap-1 p-2 text-sm sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <span className="font-medium">{d.event === 'test' ? t('eventTest') : t('eventOrder')}</span>
                  {/* Issue #33: the order's number as its event names it; an event from before numbers shows its id. */}
                  {d.order_number !== null ? (
                    <span className="ml-2 text-muted tabular-nums">{orderNumberText(d.order_number)}</span>
                  ) : d.order ? (
                    <code className="ml-2 wrap-anywhere text-xs text-muted">{d.order}</code>
                  ) : null}
                  <div className="text-xs text-muted">
                    {format.dateTime(d.created_at)} · {t('attempts', { count: d.attempts })}
                    {d.response_status ? ` · HTTP ${d.response_status}` : ''}
                  </div>
                </div>
                <span className={cn('inline-flex w-fit items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold', DELIVERY_CLASS[d.status])}>
                  {t(`delivery_${d.status}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
