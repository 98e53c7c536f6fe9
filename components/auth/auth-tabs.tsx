'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthTab = 'login' | 'register';

/** /login (§2): login and register forms switched by a tab, login by default. */
export function AuthTabs({ initialTab }: { initialTab: AuthTab }) {
  const t = useTranslations('Auth');
  const [tab, setTab] = useState<AuthTab>(initialTab);
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as AuthTab)}>
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
