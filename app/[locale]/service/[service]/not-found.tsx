import { getTranslations } from 'next-intl/server';

/** §2: an unknown service shows a placeholder (and answers 404, so search engines drop it). */
export default async function UnknownService() {
  const t = await getTranslations('ServicePage');
  return (
    <section aria-labelledby="unknown-service" data-unknown-service>
      <h1 id="unknown-service" className="text-2xl font-semibold">
        {t('unknownService')}
      </h1>
      <p className="mt-2 text-muted">{t('unknownServiceText')}</p>
    </section>
  );
}
