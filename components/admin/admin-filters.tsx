import type { ReactNode } from 'react';
import { Search } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';

type Href = { pathname: string; query?: Record<string, string | number> };

/**
 * The one filter bar of the back office's lists (users, audit, tickets, API keys): a plain GET form,
 * so a filtered view works before hydration and is linkable; the server validates what it reads.
 * `keep` carries values the form does not show (the sort order) into the next request.
 */
export function AdminFilters({
  label,
  search = false,
  applyLabel,
  clear,
  keep,
  summary,
  children,
}: {
  label: string;
  /** A search form (role="search") rather than a plain filter form. */
  search?: boolean;
  applyLabel: string;
  /** Shown when a filter is set: a link back to the unfiltered list. */
  clear?: { href: Href | string; label: string };
  keep?: Record<string, string | undefined>;
  /** The number of matches, announced when it changes. */
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form method="get" role={search ? 'search' : undefined} aria-label={label} className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-card p-3 shadow-sm" data-admin-filters>
      {Object.entries(keep ?? {}).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {children}
      <Button type="submit" variant="primary">
        <Search aria-hidden="true" className="size-4" />
        {applyLabel}
      </Button>
      {clear ? (
        <Button asChild variant="secondary">
          <Link href={clear.href as never}>{clear.label}</Link>
        </Button>
      ) : null}
      {summary ? <div className="ml-auto self-center text-sm text-muted">{summary}</div> : null}
    </form>
  );
}

/** A labelled search box of AdminFilters. */
export function FilterSearch({ id, name, label, value, placeholder }: { id: string; name: string; label: string; value?: string; placeholder?: string }) {
  return (
    <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {/* Keyed by the value the page was rendered with: after "clear" or the back button the box shows the list's real filter, not what was typed before. */}
      <Input key={value ?? ''} id={id} name={name} type="search" defaultValue={value} maxLength={100} placeholder={placeholder} />
    </div>
  );
}

/** A labelled select of AdminFilters; with `anyLabel` the empty value means "all". */
export function FilterSelect({ id, name, label, anyLabel, value, options }: { id: string; name: string; label: string; anyLabel?: string; value?: string; options: readonly (readonly [string, string])[] }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Select key={value ?? ''} id={id} name={name} defaultValue={value ?? (anyLabel ? '' : undefined)} className="w-auto min-w-36">
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}
