'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { ShieldAlert } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldAria, FormField, inputClass } from './form-field';

/**
 * What /login and /admin-login show while an account's sign-in is locked (429 LOGIN_LOCKED,
 * docs/accounts.md "Login limits"): the server's words (the same for a right and a wrong password:
 * "check your e-mail for a one-time link"), and an optional field for a two-factor code, which the
 * next submit sends with the password (an account with two-factor sign-in unlocks that way, never
 * by mail).
 */
export function LockedNotice({ message, code, error }: { message: string; code: UseFormRegisterReturn; error?: string }) {
  const t = useTranslations('Auth.locked');
  const box = useRef<HTMLDivElement>(null);
  // On a phone the notice opens below the fields the keyboard was over: bring it into sight.
  useEffect(() => box.current?.scrollIntoView({ block: 'center' }), [message]);
  return (
    <div className="space-y-4">
      <div ref={box} role="alert" className="flex gap-3 rounded-md border border-warning bg-card px-3 py-3 text-sm">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">{t('title')}</p>
          <p className="wrap-anywhere">{message}</p>
        </div>
      </div>
      <div className="space-y-1">
        <FormField id="locked-code" label={t('codeLabel')} error={error}>
          <input
            {...code}
            {...fieldAria('locked-code', error)}
            aria-describedby={[error ? fieldAria('locked-code', error)['aria-describedby'] : null, 'locked-code-hint'].filter(Boolean).join(' ')}
            className={inputClass}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </FormField>
        <p id="locked-code-hint" className="text-sm text-muted">
          {t('codeHint')}
        </p>
      </div>
    </div>
  );
}
