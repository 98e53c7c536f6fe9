'use client';

import { useTranslations } from 'next-intl';
import { Menu } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { useDeferred } from '@/components/ui/use-deferred';

const loadMenu = () => import('./policy-menu-full').then((m) => m.PolicyMenuFull);

/**
 * The footer's Menu button (§2). The dropdown (Radix, policy-menu-full.tsx) loads when the button is
 * pointed at, focused or pressed, and opens at once; the plain policy links below it need no script.
 */
export function PolicyMenu() {
  const t = useTranslations('Footer');
  const { loaded: Full, warm, ensure } = useDeferred(loadMenu);
  if (Full) return <Full defaultOpen />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      aria-label={t('menuLabel')}
      className={buttonVariants({ variant: 'ghost', className: 'gap-1.5' })}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => void ensure()}
    >
      <Menu aria-hidden="true" className="size-4" />
      {t('menu')}
    </button>
  );
}
