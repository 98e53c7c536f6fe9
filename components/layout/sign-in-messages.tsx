import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { browserMessages } from './client-messages';

/**
 * The texts of the sign-in forms (login and register, two-factor step, admin login, password
 * reset) for the sign-in pages' subtree: the root layout ships them to no other public page
 * (components/layout/client-messages.ts SIGN_IN_ONLY).
 */
export async function SignInMessages({ locale, children }: { locale: string; children: ReactNode }) {
  setRequestLocale(locale);
  return <NextIntlClientProvider messages={browserMessages(await getMessages(), 'sign-in')}>{children}</NextIntlClientProvider>;
}
