import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';

/** A link that downloads one export with the filters of the page it is on. */
export function ExportLink({ kind, filters, label }: { kind: 'orders' | 'payments' | 'users'; filters: Record<string, string | number | undefined>; label: string }) {
  const query = new URLSearchParams(Object.entries(filters).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString();
  return (
    <a href={`/api/admin/export/${kind}${query ? `?${query}` : ''}`} download className={buttonVariants({ variant: 'secondary' })} data-export-link={kind}>
      <Download aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}
