'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { PAGE_SERVICES, firstService, normalizeService, platformOfService, type Platform } from '@/lib/catalogue/services';
import { cn } from '@/lib/utils/cn';

/** Platform tabs and the service strip; which tab is current comes from the URL. */
export function HeaderNav({ platforms }: { platforms: Platform[] }) {
  const t = useTranslations();
  const pathname = usePathname();
  const match = /^\/service\/([^/]+)/.exec(pathname);
  const currentService = match?.[1] ? normalizeService(decodeURIComponent(match[1])) : undefined;
  const currentPlatform = currentService ? platformOfService(currentService) : undefined;
  if (platforms.length === 0) return null;

  return (
    <div className="mx-auto max-w-5xl px-4 pb-2">
      <nav aria-label={t('Header.platformsLabel')}>
        <ul className="flex gap-1">
          {platforms.map((platform) => (
            <li key={platform}>
              <Link
                href={`/service/${firstService(platform)}`}
                aria-current={platform === currentPlatform ? 'page' : undefined}
                className={cn(
                  'inline-block rounded-t px-3 py-2 text-sm font-medium',
                  platform === currentPlatform ? 'bg-brand text-brand-ink' : 'text-muted hover:bg-brand-soft',
                )}
              >
                {t(`Platforms.${platform}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {currentPlatform && platforms.includes(currentPlatform) ? (
        <nav aria-label={t('Header.servicesLabel')} className="overflow-x-auto">
          <ul className="flex gap-1 border-t border-line pt-2">
            {PAGE_SERVICES[currentPlatform].map((service) => (
              <li key={service} className="shrink-0">
                <Link
                  href={`/service/${service}`}
                  aria-current={service === currentService ? 'page' : undefined}
                  className={cn(
                    'inline-block rounded-full px-3 py-1.5 text-sm',
                    service === currentService ? 'bg-brand-soft font-semibold text-brand' : 'text-muted hover:bg-brand-soft',
                  )}
                >
                  {t(`Services.${service}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
