'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/use-format';
import { toast } from 'sonner';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { sendJson, type ApiResult } from './api';
import { InputField, PasswordField } from './fields';
import { buttonClass, SubmitButton } from './form-field';
import { QrCode } from './qr-code';
import { useAuthForm } from './use-auth-form';
import { Button } from '@/components/ui/button';
import { cardVariants } from '@/components/ui/card';

export type TwoFactorStatus = { enabled: boolean; enabled_at: string | null; recovery_codes_left: number };
type Setup = { secret: string; otpauth_url: string };

const LOW_CODES = 3;

/**
 * The "Two-factor sign-in" card of /panel/settings and /rooting/settings (docs/accounts.md):
 * set up (QR code, the key as text, a code and the current password), the recovery codes once
 * with copy and download, and turning it off (password and a code, in a dialog).
 */
export function TwoFactorCard({ initial, account, site }: { initial: TwoFactorStatus; account: string; site: string }) {
  const t = useTranslations('TwoFactor');
  const format = useFormat();
  const locale = useLocale();
  const router = useRouter();
  const [status, setStatus] = useState(initial);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [disabling, setDisabling] = useState(false);

  async function start() {
    setBusy(true);
    const res = await sendJson('/api/auth/2fa/setup', undefined, locale);
    setBusy(false);
    if (!res.ok || typeof res.body.secret !== 'string' || typeof res.body.otpauth_url !== 'string') {
      toast.error(res.body.mesaj ?? t('failed'));
      if (res.body.code === 'TWO_FACTOR_ALREADY_ENABLED') router.refresh();
      return;
    }
    setSetup({ secret: res.body.secret, otpauth_url: res.body.otpauth_url });
  }

  function enabled(recoveryCodes: string[]) {
    setSetup(null);
    setCodes(recoveryCodes);
    setStatus({ enabled: true, enabled_at: new Date().toISOString(), recovery_codes_left: recoveryCodes.length });
    toast.success(t('enabled'));
  }

  function disabled() {
    setDisabling(false);
    setStatus({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    toast.success(t('disabled'));
    router.refresh();
  }

  return (
    <section aria-labelledby="two-factor-heading" className={cardVariants('space-y-4 p-4')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          {t('title')}
        </h2>
        <span className={status.enabled ? 'rounded-full bg-success px-3 py-1 text-sm font-semibold text-brand-ink' : 'rounded-full border border-line px-3 py-1 text-sm text-muted'}>
          {status.enabled ? t('statusOn') : t('statusOff')}
        </span>
      </div>

      {codes ? (
        <RecoveryCodes
          codes={codes}
          account={account}
          site={site}
          onDone={() => {
            setCodes(null);
            router.refresh();
          }}
        />
      ) : setup ? (
        <EnableForm setup={setup} onEnabled={enabled} onCancel={() => setSetup(null)} />
      ) : status.enabled ? (
        <div className="space-y-3">
          <p className="text-sm text-muted">{t('intro')}</p>
          <ul className="space-y-1 text-sm">
            {status.enabled_at ? <li>{t('enabledSince', { date: format.date(status.enabled_at) })}</li> : null}
            <li>{t('codesLeft', { count: status.recovery_codes_left })}</li>
          </ul>
          {status.recovery_codes_left <= LOW_CODES ? <p className="rounded-md border border-danger px-3 py-2 text-sm text-danger">{t('codesLow')}</p> : null}
          <Button onClick={() => setDisabling(true)} variant="secondary" className="border-danger text-danger hover:bg-danger/10">
            {t('disable')}
          </Button>
          <Dialog open={disabling} onOpenChange={setDisabling}>
            <DialogContent title={t('disableTitle')} description={t('disableText')} closeLabel={t('cancel')}>
              <DisableForm onDisabled={disabled} onCancel={() => setDisabling(false)} />
            </DialogContent>
          </Dialog>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-muted">{t('intro')}</p>
          <Button onClick={start} disabled={busy} aria-busy={busy} className="w-full sm:w-auto">
            {busy ? t('settingUp') : t('setup')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Puts a server refusal under the field it is about, or in a toast. */
function showError(res: ApiResult, setError: (field: 'code' | 'currentPassword', message: string) => void, fallback: string) {
  const message = res.body.mesaj ?? fallback;
  const code = res.body.code;
  if (code === 'TWO_FACTOR_CODE_INVALID' || code === 'TWO_FACTOR_CODE_USED') setError('code', message);
  else if (code === 'CURRENT_PASSWORD_WRONG') setError('currentPassword', message);
  else toast.error(message);
}

function EnableForm({ setup, onEnabled, onCancel }: { setup: Setup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const t = useTranslations('TwoFactor');
  const { form, locale, isSubmitting, error } = useAuthForm(() => import('@/lib/domain/two-factor/schemas').then((m) => m.twoFactorConfirmSchema), { code: '', currentPassword: '' });
  const groups = setup.secret.match(/.{1,4}/g)!;

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await sendJson('/api/auth/2fa/enable', values, locale);
    if (res.ok && Array.isArray(res.body.recovery_codes)) {
      onEnabled(res.body.recovery_codes as string[]);
      return;
    }
    if (res.body.code === 'TWO_FACTOR_SETUP_NOT_STARTED') onCancel();
    showError(res, (field, message) => form.setError(field, { message }, { shouldFocus: true }), t('failed'));
  });

  return (
    <div className="space-y-4">
      <p className="text-sm">{t('scan')}</p>
      <div className="flex justify-center sm:justify-start">
        <QrCode value={setup.otpauth_url} label={t('qrLabel')} />
      </div>
      <div className="space-y-2">
        <p className="text-sm text-muted">{t('manual')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="flex flex-wrap gap-x-2 rounded-md bg-brand-soft px-3 py-2 font-mono text-sm">
            {groups.map((group, i) => (
              <span key={i} className="whitespace-nowrap">
                {group}
              </span>
            ))}
          </code>
          <CopyButton text={setup.secret} label={t('copyKey')} done={t('keyCopied')} />
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm">{t('confirmStep')}</p>
        <p className="text-sm text-muted">{t('keysStay')}</p>
        <InputField
          id="two-factor-setup-code"
          label={t('code')}
          error={error('code')}
          {...form.register('code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
        />
        <PasswordField id="two-factor-setup-password" label={t('currentPassword')} error={error('currentPassword')} {...form.register('currentPassword')} autoComplete="current-password" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button onClick={onCancel} variant="secondary">
            {t('cancel')}
          </Button>
          <SubmitButton busy={isSubmitting} label={t('enable')} busyLabel={t('enabling')} className={`${buttonClass} sm:w-auto`} />
        </div>
      </form>
    </div>
  );
}

function DisableForm({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const t = useTranslations('TwoFactor');
  const { form, locale, isSubmitting, error } = useAuthForm(() => import('@/lib/domain/two-factor/schemas').then((m) => m.twoFactorConfirmSchema), { code: '', currentPassword: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await sendJson('/api/auth/2fa/disable', values, locale);
    if (res.ok) {
      onDisabled();
      return;
    }
    showError(res, (field, message) => form.setError(field, { message }, { shouldFocus: true }), t('failed'));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField id="two-factor-disable-password" label={t('currentPassword')} error={error('currentPassword')} {...form.register('currentPassword')} autoComplete="current-password" />
      <InputField id="two-factor-disable-code" label={t('codeOrRecovery')} error={error('code')} {...form.register('code')} autoComplete="one-time-code" spellCheck={false} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button onClick={onCancel} variant="secondary">
          {t('cancel')}
        </Button>
        <SubmitButton
          busy={isSubmitting}
          label={t('disable')}
          busyLabel={t('disabling')}
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-danger px-4 font-semibold text-brand-ink hover:opacity-90 disabled:opacity-60"
        />
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, account, site, onDone }: { codes: string[]; account: string; site: string; onDone: () => void }) {
  const t = useTranslations('TwoFactor');
  const text = [t('fileHeading', { site, email: account }), t('fileNote'), '', ...codes, ''].join('\n');

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-4" aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading" className="font-semibold">
        {t('recoveryTitle')}
      </h3>
      <p className="text-sm text-muted">{t('recoveryText')}</p>
      <ol aria-labelledby="recovery-codes-heading" className="grid grid-cols-1 gap-2 rounded-md bg-brand-soft p-3 font-mono text-sm min-[420px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <CopyButton text={codes.join('\n')} label={t('copyCodes')} done={t('codesCopied')} />
        <Button onClick={download} variant="secondary">
          {t('downloadCodes')}
        </Button>
        <Button onClick={onDone} className="w-full sm:ml-auto sm:w-auto">
          {t('savedCodes')}
        </Button>
      </div>
    </div>
  );
}

function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const t = useTranslations('TwoFactor');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(done);
    } catch {
      toast.error(t('copyFailed'));
    }
  }
  return (
    <Button onClick={copy} variant="secondary">
      {label}
    </Button>
  );
}
