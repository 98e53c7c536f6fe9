'use client';

import { useTranslations } from 'next-intl';
import { Tag } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { usePathname } from '@/lib/infra/i18n/navigation';
import { PAGE_SERVICES, firstService, normalizeService, platformOfService, type Platform } from '@/lib/domain/catalogue/services';
import { navTabVariants } from '@/components/ui/nav-tab';
import { ServiceStrip } from './service-strip';

/**
 * Platform tabs (active platforms only), the Pricing link beside them (issue #32 item 12: for
 * visitors and customers alike) and the draggable service strip; which tab is current comes from
 * the URL.
 */
export function HeaderNav({ platforms, pricingLabel }: { platforms: Platform[]; /** The pricing page's name (Pricing.nav: a namespace the browser is not sent). */ pricingLabel: string }) {
  const t = useTranslations();
  const pathname = usePathname();
  const match = /^\/service\/([^/]+)/.exec(pathname);
  const currentService = match?.[1] ? normalizeService(decodeURIComponent(match[1])) : undefined;
  const currentPlatform = currentService ? platformOfService(currentService) : undefined;
  const stripPlatform = currentPlatform && platforms.includes(currentPlatform) ? currentPlatform : undefined;
  const onPricing = pathname === '/pricing';

  return (
    <div className="mx-auto max-w-page px-gutter pb-2">
      <div className="flex items-center gap-1">
        {platforms.length ? (
          <nav aria-label={t('Header.platformsLabel')} className="min-w-0 flex-1">
            <ul className="flex gap-1 overflow-x-auto">
              {platforms.map((platform) => (
                <li key={platform} className="shrink-0">
                  <Link
                    href={`/service/${firstService(platform)}`}
                    aria-current={platform === currentPlatform ? 'page' : undefined}
                    className={navTabVariants({ current: platform === currentPlatform, level: 'primary' })}
                  >
                    {t(`Platforms.${platform}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <Link
          href="/pricing"
          aria-current={onPricing ? 'page' : undefined}
          data-header-pricing
          title={pricingLabel}
          className={navTabVariants({ current: onPricing, level: 'primary', className: 'ml-auto min-w-11 shrink-0 justify-center gap-1.5 px-3' })}
        >
          <Tag aria-hidden="true" className="size-4" />
          {/* On a phone the icon alone, so the three platform tabs keep their room; the word from 640 px. */}
          <span className="sr-only sm:not-sr-only">{pricingLabel}</span>
        </Link>
      </div>
      {stripPlatform ? (
        <ServiceStrip label={t('Header.servicesLabel')} hint={t('Header.stripHint')}>
          <ul className="flex gap-1 border-t border-line pt-2">
            {PAGE_SERVICES[stripPlatform].map((service) => (
              <li key={service} className="shrink-0">
                <Link
                  href={`/service/${service}`}
                  draggable={false}
                  aria-current={service === currentService ? 'page' : undefined}
                  className={navTabVariants({ current: service === currentService })}
                >
                  {t(`Services.${service}`)}
                </Link>
              </li>
            ))}
          </ul>
        </ServiceStrip>
      ) : null}
    </div>
  );
}
