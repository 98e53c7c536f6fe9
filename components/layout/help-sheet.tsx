'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { Accordion, AccordionItem } from '@/components/ui/accordion';
import { BottomSheet } from '@/components/ui/bottom-sheet';
import type { useBottomSheet } from '@/components/ui/use-bottom-sheet';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { ContactForm } from './contact-form';
import { FAQ_KEYS } from './links';

// The ticket form (and its zod schema) is its own chunk, loaded when a logged-in customer opens the
// drawer.
const TicketForm = dynamic(() => import('@/components/support/ticket-form').then((m) => m.TicketForm), { ssr: false });

/**
 * The help drawer's sheet (§2): product description, the six FAQ answers and the contact form; for a
 * logged-in customer the form opens a support ticket instead (issue #18). Loaded by help-drawer.tsx
 * when the Help button is reached for.
 */
export function HelpSheet({ sheet, siteName, loggedIn }: { sheet: ReturnType<typeof useBottomSheet>; siteName: string; loggedIn: boolean }) {
  const router = useRouter();
  const t = useTranslations('Help');
  return (
    <BottomSheet sheet={sheet} title={t('title')} closeLabel={t('close')}>
      <section aria-labelledby="help-about" className="space-y-2">
        <h3 id="help-about" className="text-base font-semibold">
          {t('aboutTitle', { site: siteName })}
        </h3>
        <p className="text-sm leading-relaxed">{t('about1', { site: siteName })}</p>
        <p className="text-sm leading-relaxed">{t('about2')}</p>
      </section>
      <section aria-labelledby="help-faq" className="mt-6">
        <h3 id="help-faq" className="text-base font-semibold">
          {t('faqTitle')}
        </h3>
        <Accordion type="single" collapsible className="mt-2">
          {FAQ_KEYS.map((key) => (
            <AccordionItem key={key} value={key} title={t(`faq.${key}.q`)} headingLevel="h4">
              <p>{t(`faq.${key}.a`)}</p>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
      <section className="mt-6 rounded-lg border border-line p-4">
        {loggedIn ? (
          <TicketForm
            onCreated={(id) => {
              sheet.close();
              router.push({ pathname: '/panel/support', query: { ticket: id } });
            }}
          />
        ) : (
          <ContactForm />
        )}
      </section>
    </BottomSheet>
  );
}
