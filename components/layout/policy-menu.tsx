'use client';

import { useTranslations } from 'next-intl';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Link } from '@/lib/i18n/navigation';
import { POLICY_LINKS } from './links';

/** The footer's Menu dropdown with the policy pages (§2). */
export function PolicyMenu() {
  const t = useTranslations();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger aria-label={t('Footer.menuLabel')} className="inline-flex min-h-11 items-center gap-1 rounded px-3 hover:bg-brand-soft">
        <span aria-hidden="true">☰</span>
        {t('Footer.menu')}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {POLICY_LINKS.map((link) => (
          <DropdownMenuItem key={link.key} asChild>
            <Link href={link.href}>{t(`Policies.${link.key}.title`)}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
