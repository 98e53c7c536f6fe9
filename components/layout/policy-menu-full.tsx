'use client';

import { useTranslations } from 'next-intl';
import { Menu } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { useOpenOnMount } from '@/components/ui/use-deferred';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Link } from '@/components/ui/link';
import { IMPRINT_LINK, POLICY_LINKS } from './links';

/** The footer's Menu dropdown with the policy pages (§2) and the imprint, loaded on intent (policy-menu.tsx). */
export function PolicyMenuFull({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useOpenOnMount(defaultOpen);
  const t = useTranslations();
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger aria-label={t('Footer.menuLabel')} className={buttonVariants({ variant: 'ghost', className: 'gap-1.5' })}>
        <Menu aria-hidden="true" className="size-4" />
        {t('Footer.menu')}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {[...POLICY_LINKS, IMPRINT_LINK].map((link) => (
          <DropdownMenuItem key={link.key} asChild>
            <Link href={link.href}>{t(`Policies.${link.key}.title`)}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
