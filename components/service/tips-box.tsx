import { useTranslations } from 'next-intl';
import { Lightbulb } from 'lucide-react';
import { Card } from '@/components/ui/card';

const TIP_KEYS = ['t1', 't2', 't3', 't4'] as const;

/**
 * The tips box (§2): next to the prompt field of comment services (`tips` is the service), and on
 * every service page of a platform whose descriptor has `pageTips` (`tips` is the platform: tips
 * about its links and public accounts). The texts are `Tips.<tips>.t1…t4`.
 */
export function TipsBox({ tips: service }: { tips: string }) {
  const t = useTranslations();
  return (
    <Card className="bg-brand-soft/40 p-4 text-sm" data-tips={service}>
      <aside aria-labelledby={`tips-${service}`}>
        <h3 id={`tips-${service}`} className="flex items-center gap-2 font-semibold">
          <Lightbulb aria-hidden="true" className="size-4 text-brand" />
          {t('ServicePage.tipsTitle')}
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {TIP_KEYS.map((k) => (
            <li key={k}>{t(`Tips.${service}.${k}`)}</li>
          ))}
        </ul>
      </aside>
    </Card>
  );
}
