'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AUTH_HEADING_CLASS } from './auth-card';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthTab = 'login' | 'register';

/**
 * /login (§2): login and register forms switched by a tab, login by default. The page's heading
 * and the document title name the open tab (issue #15: the registration tab is titled as such).
 */
export function AuthTabs({ initialTab, headingId = 'auth-heading' }: { initialTab: AuthTab; headingId?: string }) {
  const t = useTranslations('Auth');
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const title = tab === 'register' ? t('meta.register') : t('meta.login');
  // The server titled the document after the tab it rendered (generateMetadata); swap that part.
  const first = useRef<{ doc: string; title: string } | null>(null);
  useEffect(() => {
    if (!first.current) first.current = { doc: document.title, title };
    const { doc, title: initial } = first.current;
    document.title = doc.includes(initial) ? doc.replace(initial, title) : title;
  }, [title]);
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as AuthTab)}>
      <h1 id={headingId} className={AUTH_HEADING_CLASS}>
        {title}
      </h1>
      <TabsList aria-label={t('tabs.label')}>
        <TabsTrigger value="login">{t('tabs.login')}</TabsTrigger>
        <TabsTrigger value="register">{t('tabs.register')}</TabsTrigger>
      </TabsList>
      <TabsContent value="login">
        <LoginForm />
      </TabsContent>
      <TabsContent value="register">
        <RegisterForm onRegistered={() => setTab('login')} />
      </TabsContent>
    </Tabs>
  );
}
