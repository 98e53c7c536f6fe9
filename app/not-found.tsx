import Link from 'next/link';
import { connection } from 'next/server';
import { catalogues } from '@/lib/infra/i18n/messages';
import { buttonVariants } from '@/components/ui/button';
import '@/components/layout/brand-font';
import './globals.css';

// Requests outside any locale (rare: the proxy adds one) get the default language's 404.
// Rendered per request, not at build time, so its scripts carry the request's CSP nonce.
export default async function GlobalNotFound() {
  await connection();
  const t = catalogues.tr.NotFound;
  return (
    <html lang="tr">
      <body className="min-h-screen bg-surface text-ink">
        <main className="mx-auto max-w-xl p-8 text-center">
          <h1 className="text-2xl font-semibold">{t.title}</h1>
          <p className="mt-2 text-muted">{t.text}</p>
          <Link className={buttonVariants({ className: 'mt-6' })} href="/">
            {t.home}
          </Link>
        </main>
      </body>
    </html>
  );
}
