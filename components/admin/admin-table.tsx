'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { dangerButton, secondaryButton } from './form-field';

/**
 * A /rooting table of records: the given column headers and an actions column, a row saying
 * `emptyText` when there are no records, then the rows (`children`).
 */
export function AdminTable({
  columns,
  isEmpty,
  emptyText,
  label,
  children,
}: {
  columns: ReactNode[];
  isEmpty: boolean;
  emptyText: string;
  /** Names the table's scroll area: on a phone a wide table scrolls sideways and keyboard users reach it by Tab. */
  label?: string;
  children: ReactNode;
}) {
  const tc = useTranslations('Admin.common');
  return (
    <div className="overflow-x-auto rounded-lg bg-card shadow-sm" {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line text-muted">
          <tr>
            {[...columns, tc('actions')].map((column, i) => (
              <th key={i} scope="col" className="p-3">
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

/** The actions cell of an AdminTable row: Edit, any other buttons (`children`), Delete; the aria-labels name the record. */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  wrap = false,
  children,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  wrap?: boolean;
  children?: ReactNode;
}) {
  const tc = useTranslations('Admin.common');
  return (
    <td className="p-3">
      <div className={wrap ? 'flex flex-wrap gap-2' : 'flex gap-2'}>
        <button type="button" className={secondaryButton} aria-label={editLabel} onClick={onEdit}>
          {tc('edit')}
        </button>
        {children}
        <button type="button" className={dangerButton} aria-label={deleteLabel} onClick={onDelete}>
          {tc('delete')}
        </button>
      </div>
    </td>
  );
}
