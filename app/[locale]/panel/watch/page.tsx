import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { requirePageUser } from '@/app/_lib/page-guards';
import { PLATFORMS, PROMPT_SERVICES } from '@/lib/domain/catalogue/services';
import { readProfiles } from '@/lib/domain/profiles';
import { listCrews } from '@/lib/domain/crews';
import { watchableServices, watchPageData } from '@/lib/domain/watches';
import { WatchBoard, type WatchPlatformChoice } from '@/components/watch/watch-board';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Watch' });
  return { title: t('title'), robots: { index: false } };
}

/**
 * /panel/watch (issue #37, docs/watch.md): the customer's watches (status, account, services,
 * last poll, posts found, each post and its orders), pause/resume/delete, and the create form
 * with each platform's services, active profiles and the customer's crews (the profile choice:
 * ticked, a crew, or the best N).
 */
export default async function WatchPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requirePageUser(locale);
  const db = await getDb();
  const t = await getTranslations('Watch');
  const [{ watches, maxEnd }, rosters, crews] = await Promise.all([
    watchPageData(db, user.id),
    Promise.all(PLATFORMS.map((p) => readProfiles(db, p).catch(() => []))),
    listCrews(db, user.id),
  ]);
  const platforms: WatchPlatformChoice[] = PLATFORMS.map((key, i) => ({
    key,
    services: watchableServices(key).map((s) => ({ key: s, prompt: (PROMPT_SERVICES as readonly string[]).includes(s) })),
    profiles: rosters[i]!.map((p) => ({ id: p.id, username: p.username })),
    crews: crews.filter((c) => c.platform === key).map((c) => ({ id: c.id, name: c.name, available: c.available })),
  }));
  return (
    <section aria-labelledby="watch-heading" className="space-y-6">
      <h1 id="watch-heading" className="text-2xl font-semibold">
        {t('title')}
      </h1>
      <WatchBoard watches={watches} platforms={platforms} maxEnd={maxEnd} />
    </section>
  );
}
