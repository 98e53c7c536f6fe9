import { getTranslations } from 'next-intl/server';
import { SearchX } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** §2: an unknown service shows a placeholder (and answers 404, so search engines drop it). */
export default async function UnknownService() {
  const t = await getTranslations('ServicePage');
  return (
    <section aria-labelledby="unknown-service" data-unknown-service>
      <h1 id="unknown-service" className="text-2xl font-semibold">
        {t('unknownService')}
      </h1>
      <EmptyState
        icon={SearchX}
        title={t('unknownServiceText')}
        className="mt-4"
        action={
          <Link href="/service" className={buttonVariants({ variant: 'outline' })}>
            {t('chooseService')}
          </Link>
        }
      />
    </section>
  );
}
