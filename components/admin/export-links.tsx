import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * The dashboard's CSV exports (issue #17): orders, payments or users, optionally for a range of
 * days, as a plain GET form to /api/admin/export/{kind} (the browser downloads the streamed file;
 * works before hydration). The users and history pages link to the same exports with their filters.
 */
export async function ExportForm() {
  const t = await getTranslations('Admin.exports');
  return (
    <section aria-labelledby="exports-title" className="mt-8 rounded-lg bg-card p-4 shadow-sm">
      <h2 id="exports-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      <form method="get" action="/api/admin/export/orders" className="mt-3 flex flex-wrap items-end gap-3" data-export-form>
        <label className="flex flex-col gap-1 text-sm">
          {t('from')}
          <Input type="date" name="from" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('to')}
          <Input type="date" name="to" />
        </label>
        <div className="flex flex-wrap gap-2">
          {(['orders', 'payments', 'users'] as const).map((kind) => (
            <Button key={kind} type="submit" formAction={`/api/admin/export/${kind}`} variant="secondary">
              {t(kind)}
            </Button>
          ))}
        </div>
      </form>
    </section>
  );
}
