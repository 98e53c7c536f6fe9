'use client';

import { Fragment, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslations } from 'next-intl';
import { MoreHorizontal, MoveHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/infra/utils/cn';

/**
 * A /rooting table of records: the given column headers and an actions column, a row saying
 * `emptyText` when there are no records, then the rows (`children`). With `phoneCards` the table
 * shows from `lg` up only (beside the 240 px sidebar a narrower screen cannot hold its columns)
 * and the page renders the same records below it as AdminCards. Without, a table wider than the
 * screen scrolls inside its box, and says so: a hint above it and a fade at the edge that hides
 * more columns (issue #32 item 9), both gone once it is scrolled to the end.
 */
export function AdminTable({
  columns,
  isEmpty,
  emptyText,
  label,
  numeric = [],
  phoneCards = false,
  children,
}: {
  columns: ReactNode[];
  /** Indexes of the columns holding numbers: right-aligned, as their cells are. */
  numeric?: number[];
  isEmpty: boolean;
  emptyText: string;
  /** Names the table's scroll area: on a phone a wide table scrolls sideways and keyboard users reach it by Tab. */
  label?: string;
  /** The page shows AdminCards below `lg` instead of this table. */
  phoneCards?: boolean;
  children: ReactNode;
}) {
  const tc = useTranslations('Admin.common');
  const scroller = useRef<HTMLDivElement>(null);
  const more = useMoreToTheRight(scroller, !phoneCards);
  const table = (
    <div
      ref={scroller}
      className={cn('overflow-x-auto rounded-xl border border-line bg-card shadow-sm', phoneCards && 'hidden lg:block')}
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line text-muted">
          <tr>
            {[...columns, tc('actions')].map((column, i) => (
              <th key={i} scope="col" className={cn('whitespace-nowrap p-3 font-medium', (i === columns.length || numeric.includes(i)) && 'text-right')}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isEmpty ? (
            <tr>
              <td colSpan={columns.length + 1} className="p-6 text-center text-muted">
                {emptyText}
              </td>
            </tr>
          ) : null}
          {children}
        </tbody>
      </table>
    </div>
  );
  if (phoneCards) return table;
  return (
    <div>
      {more.overflows ? (
        <p className="mb-2 flex items-center gap-1 text-xs text-muted" data-scroll-hint>
          <MoveHorizontal aria-hidden="true" className="size-4" />
          {tc('scrollHint')}
        </p>
      ) : null}
      <div className="relative">
        {table}
        {more.hidden ? <div aria-hidden="true" className="pointer-events-none absolute inset-y-px right-px w-10 rounded-r-xl bg-linear-to-l from-card to-transparent" data-scroll-fade /> : null}
      </div>
    </div>
  );
}

/** Whether the box is wider than it shows (`overflows`) and, of that, whether columns are still hidden to the right. */
function useMoreToTheRight(ref: RefObject<HTMLDivElement | null>, enabled: boolean): { overflows: boolean; hidden: boolean } {
  const [state, setState] = useState({ overflows: false, hidden: false });
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const measure = () => {
      const overflows = el.scrollWidth > el.clientWidth + 1;
      const hidden = overflows && el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setState((s) => (s.overflows === overflows && s.hidden === hidden ? s : { overflows, hidden }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref, enabled]);
  return state;
}

/**
 * An AdminTable's records below `lg`: one card each (AdminCard), or `emptyText` when there are none.
 * `label` names the list for screen readers (the table's caption would).
 */
export function AdminCards({ label, isEmpty, emptyText, children }: { label: string; isEmpty: boolean; emptyText: string; children: ReactNode }) {
  if (isEmpty) return <p className="rounded-xl border border-line bg-card p-6 text-center text-muted lg:hidden">{emptyText}</p>;
  return (
    <ul aria-label={label} className="flex flex-col gap-3 lg:hidden">
      {children}
    </ul>
  );
}

/**
 * One record of AdminCards: its name, a badge beside it, a longer text (`children`), its columns as
 * label–value pairs and its actions (RowActionButtons, 44 px high) at the bottom.
 */
export function AdminCard({
  title,
  badge,
  fields,
  actions,
  children,
  ...data
}: { title: ReactNode; badge?: ReactNode; fields: [label: ReactNode, value: ReactNode][]; actions?: ReactNode; children?: ReactNode } & { [key: `data-${string}`]: string | number | undefined }) {
  return (
    <li {...data}>
      <Card className="p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 text-base font-semibold wrap-anywhere">{title}</h2>
          {badge}
        </div>
        {children}
        <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {fields.map(([label, value], i) => (
            <Fragment key={i}>
              <dt className="text-muted">{label}</dt>
              <dd className="min-w-0 text-right tabular-nums wrap-anywhere">{value}</dd>
            </Fragment>
          ))}
        </dl>
        {actions ? <div className="mt-3 border-t border-line pt-3">{actions}</div> : null}
      </Card>
    </li>
  );
}

type ActionProps = {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The record's name, for the menu button's label ("Actions for Pro"). */
  name?: string;
  wrap?: boolean;
  children?: ReactNode;
};

/**
 * A record's actions: Edit and any other harmless buttons (`children`) in view, Delete behind the
 * menu (it still asks in a ConfirmDialog). The labels name the record. Every button is 44 px high.
 */
export function RowActionButtons({ editLabel, deleteLabel, onEdit, onDelete, name, wrap = false, children }: ActionProps) {
  const tc = useTranslations('Admin.common');
  return (
    <div className={cn('flex items-center justify-end gap-2', wrap && 'flex-wrap')}>
      <Button variant="secondary" aria-label={editLabel} onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
        {tc('edit')}
      </Button>
      {children}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={name ? tc('rowMenu', { name }) : tc('actions')}>
            <MoreHorizontal aria-hidden="true" className="size-5" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem className="text-danger data-[highlighted]:text-danger" aria-label={deleteLabel} onSelect={onDelete}>
            <Trash2 aria-hidden="true" className="size-4" />
            {tc('delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

/** The actions cell of an AdminTable row (RowActionButtons in a <td>). */
export function RowActions(props: ActionProps) {
  return (
    <td className="p-3">
      <RowActionButtons {...props} />
    </td>
  );
}
