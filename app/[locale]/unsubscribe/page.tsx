import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { isAppError } from '@/lib/infra/errors';
import { Link } from '@/components/ui/link';
import { unsubscribeSchema, unsubscribeWithToken } from '@/lib/domain/notifications';
import { Settings } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cardVariants } from '@/components/ui/card';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Unsubscribe' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * /unsubscribe?u=&c=&s= (issue #18): the one-click link of a notification mail. Opening it turns
 * that category's mails off for that account, without a login (the HMAC signature is the
 * credential); opening it again changes nothing. A forged or damaged link changes nothing either.
 */
export default async function UnsubscribePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Unsubscribe');
  const parsed = unsubscribeSchema.safeParse(await searchParams);
  let done = false;
  if (parsed.success) {
    try {
      await unsubscribeWithToken(await getDb(), parsed.data);
      done = true;
    } catch (err) {
      if (!isAppError(err)) throw err;
    }
  }
  return (
    <section aria-labelledby="unsubscribe-title" className={cardVariants('mx-auto max-w-lg space-y-4 p-6')} data-unsubscribe={done ? 'done' : 'invalid'}>
      <h1 id="unsubscribe-title" className="text-xl font-semibold">
        {t('title')}
      </h1>
      {done && parsed.success ? (
        <p role="status">{t('done', { category: t(`kinds.${parsed.data.c}`) })}</p>
      ) : (
        <p role="alert" className="text-danger">
          {t('invalid')}
        </p>
      )}
      <Button asChild variant="secondary">
        <Link href="/panel/settings#notifications">
          <Settings aria-hidden="true" className="size-4" />
          {t('manage')}
        </Link>
      </Button>
    </section>
  );
}
