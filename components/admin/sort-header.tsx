'use client';

import { useTranslations } from 'next-intl';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { cn } from '@/lib/infra/utils/cn';

export type SortDir = 'asc' | 'desc';

type Props = {
  label: string;
  /** This column is the one the list is sorted by, in `dir`. */
  active: boolean;
  dir: SortDir;
  numeric?: boolean;
  className?: string;
} & (
  | { /** A server-sorted page: a link to the same page sorted by this column. */ href: Parameters<typeof Link>[0]['href']; onSort?: never }
  | { /** A list sorted by a fetch: a button. */ onSort: () => void; href?: never }
);

/**
 * The back office's one sortable column header: the column's name and an arrow, `aria-sort` on the
 * header cell, and a label that says what activating it does ("Sort by Date (descending)").
 */
export function SortHeader({ label, active, dir, numeric = false, className, ...target }: Props) {
  const t = useTranslations('Admin.common');
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  const inner = (
    <>
      {label}
      <Icon aria-hidden="true" className="size-3.5" />
    </>
  );
  const look = cn('inline-flex min-h-9 items-center gap-1 rounded-md px-2 hover:bg-brand-soft hover:text-ink', active && 'text-ink');
  const aria = `${t('sortBy', { column: label })}${active ? ` (${dir === 'asc' ? t('sortedAsc') : t('sortedDesc')})` : ''}`;
  return (
    <th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined} className={cn('whitespace-nowrap p-1 font-medium', numeric && 'text-right', className)}>
      {target.href !== undefined ? (
        <Link href={target.href} className={look} aria-label={aria}>
          {inner}
        </Link>
      ) : (
        <button type="button" onClick={target.onSort} className={look} aria-label={aria}>
          {inner}
        </button>
      )}
    </th>
  );
}
