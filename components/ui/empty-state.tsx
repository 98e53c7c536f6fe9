import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/infra/utils/cn';

/** What an empty list says: an icon, a title, a line of help and at most one action. */
export function EmptyState({ icon: Icon, title, description, action, className }: { icon?: LucideIcon; title: string; description?: string; action?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-2 rounded-card border border-dashed border-line px-4 py-8 text-center', className)}>
      {Icon ? <Icon aria-hidden="true" className="size-8 text-muted" /> : null}
      <p className="font-medium">{title}</p>
      {description ? <p className="max-w-prose text-small text-muted">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
