import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

export default async function NotFound() {
  const t = await getTranslations('NotFound');
  return (
    <section className="py-12 text-center">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('text')}</p>
      <Link className="mt-6 inline-block text-brand underline" href="/">
        {t('home')}
      </Link>
    </section>
  );
}
