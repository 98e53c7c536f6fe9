import type { ReactNode } from 'react';
import { SignInMessages } from '@/components/layout/sign-in-messages';

/**
 * The sign-in pages (/login, /admin-login, /forgot-password, /reset-password): the sign-in forms'
 * texts, which the root layout ships to no other page (components/layout/sign-in-messages.tsx).
 */
export default async function SignInLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  return <SignInMessages locale={(await params).locale}>{children}</SignInMessages>;
}
