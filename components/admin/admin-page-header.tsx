import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';

/** The top of a /rooting list page: its h1 (which labels the section), other actions and the "add" button. */
export function AdminPageHeader({ titleId, title, addLabel, onAdd, children }: { titleId: string; title: string; addLabel: string; onAdd: () => void; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <Heading level={1} id={titleId}>
        {title}
      </Heading>
      <div className="flex flex-wrap items-center gap-2">
        {children}
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          {addLabel}
        </Button>
      </div>
    </div>
  );
}
