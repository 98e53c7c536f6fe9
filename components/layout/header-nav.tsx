'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { PAGE_SERVICES, firstService, normalizeService, platformOfService, type Platform } from '@/lib/catalogue/services';
import { navTabVariants } from '@/components/ui/nav-tab';
import { ServiceStrip } from './service-strip';

/** Platform tabs (active platforms only) and the draggable service strip; which tab is current comes from the URL. */
export function HeaderNav({ platforms }: { platforms: Platform[] }) {
  const t = useTranslations();
  const pathname = usePathname();
  const match = /^\/service\/([^/]+)/.exec(pathname);
  const currentService = match?.[1] ? normalizeService(decodeURIComponent(match[1])) : undefined;
  const currentPlatform = currentService ? platformOfService(currentService) : undefined;
  if (platforms.length === 0) return null;
  const stripPlatform = currentPlatform && platforms.includes(currentPlatform) ? currentPlatform : undefined;

  return (
    <div className="mx-auto max-w-page px-gutter pb-2">
      <nav aria-label={t('Header.platformsLabel')}>
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
