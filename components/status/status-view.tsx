import { getTranslations } from 'next-intl/server';
import { AlertTriangle, CheckCircle2, CircleDashed, Rss } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cardVariants } from '@/components/ui/card';
import { getFormat } from '@/components/ui/get-format';
import type { Format } from '@/lib/infra/format';
import type { PublicStatus } from '@/lib/domain/status';
import { cn } from '@/lib/infra/utils/cn';

type Translate = Awaited<ReturnType<typeof getTranslations>>;
type PlatformStatus = PublicStatus['platforms'][number];

const WINDOWS = ['day', 'week', 'month'] as const;

/** A bar's colour: no probe that day is grey ("no data"), never green. */
function barTone(availability: number | null): string {
  if (availability === null) return 'bg-line';
  if (availability >= 0.99) return 'bg-success';
  if (availability >= 0.9) return 'bg-warning';
  return 'bg-danger';
}

const rate = (format: Format, value: number | null, t: Translate) => (value === null ? t('StatusPage.noData') : format.number(value, { style: 'percent', maximumFractionDigits: 1 }));

function duration(seconds: number | null, t: Translate): string {
  if (seconds === null) return t('StatusPage.noData');
  if (seconds < 90) return t('StatusPage.duration.seconds', { n: seconds });
  if (seconds < 90 * 60) return t('StatusPage.duration.minutes', { n: Math.round(seconds / 60) });
  return t('StatusPage.duration.hours', { n: Math.round(seconds / 360) / 10 });
}

/**
 * The public status page (issue #38 item 4), rendered on the server with no client code: the
 * overall state, the incidents, and per platform the provider's availability, its 90 daily bars
 * and per service the success rate, the median time to completion and the kept rate.
 */
export async function StatusView({ status, feedUrl }: { status: PublicStatus; feedUrl: string }) {
  const t = await getTranslations();
  const format = await getFormat();
  const open = status.incidents.some((i) => i.ended_at === null);
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Badge tone={open ? 'warning' : 'success'} icon={open ? AlertTriangle : CheckCircle2} className="text-small" data-status-overall={status.overall}>
          {t(`StatusPage.overall.${status.overall}`)}
        </Badge>
        <span className="text-small text-muted">{t('StatusPage.updated', { at: format.dateTime(status.generated_at) })}</span>
        <a href={feedUrl} className="inline-flex min-h-11 items-center gap-1 text-small underline hover:text-ink" type="application/atom+xml">
          <Rss aria-hidden="true" className="size-4" />
          {t('StatusPage.feed.link')}
        </a>
      </div>
      <Incidents status={status} t={t} format={format} />
      <div className="mt-8 space-y-6">
        {status.platforms.map((p) => (
          <PlatformCard key={p.platform} p={p} t={t} format={format} />
        ))}
      </div>
    </>
  );
}

function Incidents({ status, t, format }: { status: PublicStatus; t: Translate; format: Format }) {
  return (
    <section aria-labelledby="status-incidents" data-status-incidents>
      <h2 id="status-incidents" className="text-lg font-semibold">
        {t('StatusPage.incidents.title')}
      </h2>
      {status.incidents.length === 0 ? (
        <p className="mt-2 text-small text-muted">{t('StatusPage.incidents.none')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {status.incidents.map((i) => (
            <li key={i.id} id={`incident-${i.id}`} className={cardVariants('p-4')} data-incident={i.kind} data-incident-open={i.ended_at === null ? 'true' : 'false'}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold wrap-anywhere">{i.title}</h3>
                <Badge tone={i.ended_at === null ? 'warning' : 'success'} icon={i.ended_at === null ? AlertTriangle : CheckCircle2}>
                  {t(i.ended_at === null ? 'StatusPage.incidents.open' : 'StatusPage.incidents.ended')}
                </Badge>
              </div>
              <p className="mt-1 text-small text-muted">
                {t('StatusPage.incidents.started', { at: format.dateTime(i.started_at) })}
                {i.ended_at ? ` · ${t('StatusPage.incidents.endedAt', { at: format.dateTime(i.ended_at) })}` : null}
              </p>
              {i.note ? <p className="mt-2 whitespace-pre-line text-small wrap-anywhere">{i.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PlatformCard({ p, t, format }: { p: PlatformStatus; t: Translate; format: Format }) {
  const name = t(`Platforms.${p.platform}`);
  const headingId = `status-${p.platform}`;
  return (
    <section aria-labelledby={headingId} className={cardVariants('p-4 sm:p-6')} data-status-platform={p.platform}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {name}
        </h2>
        <p className="text-small text-muted">
          {p.latest_probe
            ? t('StatusPage.latest', { state: t(p.latest_probe.up ? 'StatusPage.up' : 'StatusPage.down'), latency: format.number(p.latest_probe.latency_ms) })
            : t('StatusPage.latestNone')}
        </p>
      </div>
      <h3 className="mt-4 text-small font-semibold">{t('StatusPage.availability')}</h3>
      <dl className="mt-1 grid grid-cols-3 gap-2">
        {WINDOWS.map((w) => (
          <div key={w}>
            <dt className="text-caption text-muted">{t(`StatusPage.windows.${w}`)}</dt>
            <dd className="font-semibold tabular-nums" data-availability={w}>
              {rate(format, p.availability[w], t)}
            </dd>
          </div>
        ))}
      </dl>
      <ol aria-label={t('StatusPage.barsLabel', { platform: name })} className="mt-3 flex h-8 items-stretch gap-px" data-status-bars>
        {p.days.map((d) => {
          const label =
            d.availability === null
              ? t('StatusPage.barNoData', { day: format.day(d.day) })
              : t('StatusPage.barDay', { day: format.day(d.day), value: format.number(d.availability, { style: 'percent', maximumFractionDigits: 1 }) });
          return <li key={d.day} title={label} aria-label={label} className={cn('min-w-0 flex-1 rounded-[1px]', barTone(d.availability))} data-bar={d.availability === null ? 'none' : 'data'} />;
        })}
      </ol>
      <div className="mt-1 flex justify-between text-caption text-muted">
        <span>{t('StatusPage.barsStart')}</span>
        <span>{t('StatusPage.barsEnd')}</span>
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-caption text-muted" aria-hidden="true">
        {(
          [
            ['bg-success', 'legendUp'],
            ['bg-warning', 'legendPartial'],
            ['bg-danger', 'legendDown'],
            ['bg-line', 'legendNoData'],
          ] as const
        ).map(([tone, key]) => (
          <li key={key} className="inline-flex items-center gap-1">
            <span className={cn('inline-block size-2.5 rounded-[2px]', tone)} />
            {t(`StatusPage.${key}`)}
          </li>
        ))}
      </ul>
      <ul className="mt-5 divide-y divide-line border-t border-line">
        {p.services.map((s) => (
          <li key={s.service} className="py-3" data-status-service={s.service}>
            <h3 className="font-semibold">{t(`Services.${s.service}`)}</h3>
            <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
              {WINDOWS.map((w) => (
                <div key={w}>
                  <dt className="text-caption text-muted">
                    {t('StatusPage.successRate')} · {t(`StatusPage.windows.${w}`)}
                  </dt>
                  <dd className="tabular-nums" data-success-rate={w}>
                    {rate(format, s.success_rate[w], t)}
                  </dd>
                </div>
              ))}
              <div>
                <dt className="text-caption text-muted">{t('StatusPage.median', { window: t('StatusPage.windows.week') })}</dt>
                <dd className="tabular-nums" data-median>
                  {duration(s.median_completion_seconds.week, t)}
                </dd>
              </div>
              <div className="lg:col-span-2">
                <dt className="text-caption text-muted">{t('StatusPage.keptRate')}</dt>
                <dd data-kept-rate={s.kept_rate.measured ? 'measured' : 'not-measured'} title={s.kept_rate.measured ? undefined : t('StatusPage.notMeasuredHint')}>
                  {s.kept_rate.measured ? (
                    `${rate(format, s.kept_rate.d7, t)} / ${rate(format, s.kept_rate.d30, t)}`
                  ) : (
                    <span className="inline-flex items-center gap-1 text-muted">
                      <CircleDashed aria-hidden="true" className="size-3.5" />
                      {t('StatusPage.notMeasured')}
                    </span>
                  )}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-caption text-muted">{t('StatusPage.successRateHint')}</p>
    </section>
  );
}
