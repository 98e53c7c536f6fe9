import { useTranslations } from 'next-intl';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';

/**
 * The one pager of the back office's lists: previous/next links that keep the list's filters and
 * sort (`query`), and "page n of m". Nothing when everything fits on one page.
 */
export function Pager({
  label,
  pathname,
  query,
  page,
  pages,
  previousLabel,
  nextLabel,
}: {
  label: string;
  pathname: string;
  query: Record<string, string | number | undefined>;
  page: number;
  pages: number;
  /** For lists where "previous" means something more precise ("Newer"). */
  previousLabel?: string;
  nextLabel?: string;
}) {
  const t = useTranslations('Admin.common');
  if (pages <= 1) return null;
  const kept = Object.fromEntries(Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== ''));
  const href = (to: number) => ({ pathname, query: { ...kept, page: to } }) as never;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm" data-pager>
      {page > 1 ? (
        <Button asChild variant="secondary">
          <Link href={href(page - 1)} rel="prev">
            <ChevronLeft aria-hidden="true" className="size-4" />
            {previousLabel ?? t('previousPage')}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="tabular-nums text-muted">{t('pageOf', { page, pages })}</span>
      {page < pages ? (
        <Button asChild variant="secondary">
          <Link href={href(page + 1)} rel="next">
            {nextLabel ?? t('nextPage')}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
