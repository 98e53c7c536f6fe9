'use client';

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { BadgeCheck } from 'lucide-react';
import { isPlatform, type Platform } from '@/lib/domain/catalogue/services';
import { callApi } from '@/components/client/api';
import { Link } from '@/components/ui/link';
import { cn } from '@/lib/infra/utils/cn';
import { useViewerState } from '@/components/layout/viewer-context';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/components/ui/use-format';

/** A package the signed-in customer holds on a platform (GET /api/users/subscriptions/me). */
export type OwnedPlan = { platform: Platform; packageId: number; endsAt: string; extendsTo: string };

type PlansState = { status: 'visitor' } | { status: 'loading' } | { status: 'ready'; plans: OwnedPlan[] } | { status: 'failed' };

const PlansContext = createContext<PlansState>({ status: 'visitor' });

/** The plans of a GET /api/users/subscriptions/me answer; anything malformed is left out. */
export function plansFromAnswer(body: Record<string, unknown>): OwnedPlan[] {
  const list = Array.isArray(body.abonelikler) ? (body.abonelikler as Record<string, unknown>[]) : [];
  return list.flatMap((p) =>
    p && isPlatform(p.platform) && typeof p.paket_id === 'number' && typeof p.bitis_tarihi === 'string' && typeof p.yeni_bitis_tarihi === 'string'
      ? [{ platform: p.platform, packageId: p.paket_id, endsAt: p.bitis_tarihi, extendsTo: p.yeni_bitis_tarihi }]
      : [],
  );
}

/**
 * The customer's own plans for the pricing page (issue #32 item 12). The page is one cached
 * document for every visitor and one for every customer (server/page-cache.ts, docs/decisions.md
 * "The app shell"), so nothing of a customer is in it: once the page knows a customer is looking
 * (useViewerState), it asks the server for their plans, once.
 */
export function CustomerPlansProvider({ children }: { children: ReactNode }) {
  const viewer = useViewerState();
  const locale = useLocale();
  const member = viewer.phase === 'member';
  const [state, setState] = useState<PlansState>({ status: 'loading' });

  useEffect(() => {
    if (!member) return;
    let stopped = false;
    void callApi('/api/users/subscriptions/me', { locale }).then((r) => {
      if (stopped) return;
      setState(r.ok && r.json ? { status: 'ready', plans: plansFromAnswer(r.body) } : { status: 'failed' });
    });
    return () => {
      stopped = true;
    };
  }, [member, locale]);

  const value: PlansState = viewer.phase === 'visitor' ? { status: 'visitor' } : viewer.phase === 'pending' ? { status: 'loading' } : state;
  return <PlansContext.Provider value={value}>{children}</PlansContext.Provider>;
}

type Props = {
  packageId: number;
  platform: Platform;
  /** The package's name in the page's language and the platform's, for the links' full names. */
  packageName: string;
  platformName: string;
  /** The highlighted plan of its platform (lib/domain/storefront featuredPackage). */
  featured: boolean;
  /** The card's server-rendered body: name, price, limits. */
  children: ReactNode;
};

/**
 * One plan of /pricing with its call to action: "register" for a visitor, "buy" for a customer
 * (the buy flow of /panel/subscription, this package and platform chosen), and for the plan the
 * customer holds, "current plan" with "extend by 30 days to <date>". While the page does not yet
 * know who is looking, a placeholder of the button's size.
 */
export function PlanCard({ packageId, platform, packageName, platformName, featured, children }: Props) {
  const t = useTranslations('PricingPlan');
  const format = useFormat();
  const plans = useContext(PlansContext);
  const owned = plans.status === 'ready' ? plans.plans.find((p) => p.platform === platform && p.packageId === packageId) : undefined;
  const buyHref = { pathname: '/panel/subscription', query: { package: String(packageId), platform } };
  // The links' visible words are short ("Buy"); their accessible names say which plan.
  const context = <span className="sr-only">{` ${t('context', { name: packageName, platform: platformName })}`}</span>;

  let action: ReactNode;
  if (plans.status === 'visitor') {
    action = (
      <Button asChild className="w-full" variant={featured ? 'primary' : 'secondary'}>
        <Link href="/login?tab=register" data-plan-action="register">
          {t('register')}
          {context}
        </Link>
      </Button>
    );
  } else if (plans.status === 'loading') {
    action = <Skeleton className="h-11 w-full" data-account-pending />;
  } else if (owned) {
    action = (
      <>
        <p className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-success" data-current-plan>
          <BadgeCheck aria-hidden="true" className="size-4 shrink-0" />
          {t('current')}
        </p>
        <Button asChild className="w-full" variant="secondary">
          <Link href={buyHref} data-plan-action="extend">
            {t('extendTo', { date: format.date(owned.extendsTo) })}
            {context}
          </Link>
        </Button>
      </>
    );
  } else {
    action = (
      <Button asChild className="w-full" variant={featured ? 'primary' : 'secondary'}>
        <Link href={buyHref} data-plan-action="buy">
          {t('buy')}
          {context}
        </Link>
      </Button>
    );
  }

  return (
    <Card
      className={cn('flex h-full flex-col', featured && 'border-brand ring-1 ring-brand', owned && 'border-success ring-2 ring-success')}
      data-package={packageId}
      data-featured={featured ? '' : undefined}
      data-current={owned ? '' : undefined}
    >
      {children}
      <div className="mt-auto p-4 pt-0 sm:p-5 sm:pt-0">{action}</div>
    </Card>
  );
}
