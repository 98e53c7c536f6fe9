import { getFormatter, getTranslations } from 'next-intl/server';
import type { OverviewPackage } from '@/lib/domain/overview';
import { Link } from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';

/**
 * One package in force: platform, name, end date, and each service's use today against the daily
 * limit as a native <progress> (announced with its numbers), the service name linking to its page.
 */
export async function PackageUsage({ pkg }: { pkg: OverviewPackage }) {
  const t = await getTranslations('Panel.overview');
  const tp = await getTranslations('Platforms');
  const ts = await getTranslations('Services');
  const format = await getFormatter();
  const headingId = `overview-${pkg.platform}`;

  return (
    <article aria-labelledby={headingId} data-testid={`overview-package-${pkg.platform}`} className="rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold">
          {tp(pkg.platform)}
          <Badge tone="info">{pkg.paketAdi}</Badge>
        </h3>
        <p className="text-sm text-muted">
          {t('endsOn', { date: format.dateTime(new Date(pkg.endsAt), { dateStyle: 'medium' }) })}
        </p>
      </div>
      <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {pkg.services.map((s) => {
          const label = ts(s.service);
          const usage = pkg.dailyLimit === null ? t('usedUnlimited', { used: s.used }) : t('used', { used: s.used, limit: pkg.dailyLimit });
          return (
            <li key={s.service} className="min-w-0" data-testid={`overview-usage-${s.service}`}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <Link href={`/service/${s.service}`} className="truncate font-medium text-brand underline-offset-2 hover:underline">
                  {label}
                </Link>
                <span className="shrink-0 tabular-nums text-muted">{usage}</span>
              </div>
              {pkg.dailyLimit !== null ? (
                <progress
                  value={Math.min(s.used, pkg.dailyLimit)}
                  max={Math.max(1, pkg.dailyLimit)}
                  aria-label={`${label}: ${usage}`}
                  className="mt-1 block h-1.5 w-full appearance-none overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-brand"
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </article>
  );
}
