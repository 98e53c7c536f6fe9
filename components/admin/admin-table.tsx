'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils/cn';

/**
 * A /rooting table of records: the given column headers and an actions column, a row saying
 * `emptyText` when there are no records, then the rows (`children`).
 */
export function AdminTable({
  columns,
  isEmpty,
  emptyText,
  label,
  numeric = [],
  children,
}: {
  columns: ReactNode[];
  /** Indexes of the columns holding numbers: right-aligned, as their cells are. */
  numeric?: number[];
  isEmpty: boolean;
  emptyText: string;
  /** Names the table's scroll area: on a phone a wide table scrolls sideways and keyboard users reach it by Tab. */
  label?: string;
  children: ReactNode;
}) {
  const tc = useTranslations('Admin.common');
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-card shadow-sm" {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
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
}

/**
 * The actions cell of an AdminTable row: Edit and any other harmless buttons (`children`) in view,
 * Delete behind the row's menu (it still asks in a ConfirmDialog). The labels name the record.
 */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  name,
  wrap = false,
  children,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The record's name, for the menu button's label ("Actions for Pro"). */
  name?: string;
  wrap?: boolean;
  children?: ReactNode;
}) {
  const tc = useTranslations('Admin.common');
  return (
    <td className="p-3">
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
    </td>
  );
}
