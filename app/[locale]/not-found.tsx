import { getTranslations } from 'next-intl/server';
import { Compass, House } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';

export default async function NotFound() {
  const t = await getTranslations('NotFound');
  return (
    <section className="flex flex-col items-center py-12 text-center">
      <Compass aria-hidden="true" className="size-12 text-muted" />
      <h1 className="mt-4 text-2xl font-semibold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('text')}</p>
      <Button asChild className="mt-6">
        <Link href="/">
          <House aria-hidden="true" className="size-4" />
          {t('home')}
        </Link>
      </Button>
    </section>
  );
}
