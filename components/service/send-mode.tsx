'use client';

import { useTranslations } from 'next-intl';
import { Link2, ListPlus } from 'lucide-react';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type SendMode = 'single' | 'bulk';

/** "One link" or "Several links" on a service page (issue #36 item 5). */
/**
 * `controls` is the id of the element holding the chosen mode's form: both tabs point at it (the forms
 * are not Radix tab panels, so the tabs' own `aria-controls` would name an element that is not there).
 */
export function SendModeSwitch({ mode, onChange, controls }: { mode: SendMode; onChange: (mode: SendMode) => void; controls: string }) {
  const t = useTranslations('Bulk');
  return (
    <Tabs value={mode} onValueChange={(v) => onChange(v === 'bulk' ? 'bulk' : 'single')} data-send-mode={mode}>
      <TabsList aria-label={t('modeLabel')}>
        <TabsTrigger value="single" aria-controls={controls} className="inline-flex items-center justify-center gap-2">
          <Link2 aria-hidden="true" className="size-4" />
          {t('single')}
        </TabsTrigger>
        <TabsTrigger value="bulk" aria-controls={controls} className="inline-flex items-center justify-center gap-2">
          <ListPlus aria-hidden="true" className="size-4" />
          {t('several')}
        </TabsTrigger>
      </TabsList>
    </Tabs>
  );
}
