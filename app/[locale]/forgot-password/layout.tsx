import type { ReactNode } from 'react';
import { SignInMessages } from '@/components/layout/sign-in-messages';

/** The sign-in forms' texts for this page (components/layout/sign-in-messages.tsx). */
export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  return <SignInMessages locale={(await params).locale}>{children}</SignInMessages>;
}
