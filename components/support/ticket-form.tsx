'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { createTicketSchema, TICKET_CATEGORIES } from '@/lib/domain/tickets/schemas';
import { sendJson } from '@/components/auth/api';
import { fieldAria, FormField, inputClass, SubmitButton } from '@/components/auth/form-field';
import { useAuthForm } from '@/components/auth/use-auth-form';

/** An order of the picker, its label written in words by the server (Tickets.orderOption). */
export type TicketableOrder = { task_id: string; label: string };

type Props = {
  /** The caller's recent orders for the optional order picker (none: no picker). */
  orders?: TicketableOrder[];
  defaultOrderId?: string;
  /** After the ticket is opened (its id). */
  onCreated: (ticketId: number) => void;
};

/**
 * Opens a support ticket (issue #18): category, subject, message and optionally one of the
 * caller's orders. Checked with the same schema as POST /api/tickets; the server's refusals
 * (rate limit, an order that is not theirs) come back as a toast in the page's language.
 */
export function TicketForm({ orders, defaultOrderId, onCreated }: Props) {
  const t = useTranslations('Tickets');
  const errors = useTranslations('Errors');
  const id = useId();
  const { form, locale, isSubmitting, error } = useAuthForm(async () => createTicketSchema, {
    category: defaultOrderId ? 'order' : 'other',
    subject: '',
    message: '',
    order_id: defaultOrderId ?? '',
  });
  const { register } = form;

  const onSubmit = form.handleSubmit(async (input) => {
    const res = await sendJson('/api/tickets', input, locale);
    if (!res.ok) {
      const code = typeof res.body.code === 'string' ? res.body.code : 'INTERNAL';
      toast.error(errors.has(code as never) ? errors(code as never, res.body as never) : (res.body.mesaj ?? errors('INTERNAL')));
      return;
    }
    toast.success(t('created'));
    form.reset({ category: 'other', subject: '', message: '', order_id: '' });
    onCreated((res.body.ticket as { id: number }).id);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-ticket-form aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('newTitle')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-category`} label={t('category')} error={error('category')}>
            <select {...fieldAria(`${id}-category`, error('category'))} {...register('category')} className={inputClass}>
              {TICKET_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </select>
        </FormField>
        {orders ? (
          <FormField id={`${id}-order`} label={t('order')} error={error('order_id')}>
              <select {...fieldAria(`${id}-order`, error('order_id'))} {...register('order_id')} className={inputClass}>
                <option value="">{t('noOrder')}</option>
                {orders.map((o) => (
                  <option key={o.task_id} value={o.task_id}>
                    {o.label}
                  </option>
                ))}
              </select>
          </FormField>
        ) : null}
      </div>
      <FormField id={`${id}-subject`} label={t('subject')} error={error('subject')}>
        <input {...fieldAria(`${id}-subject`, error('subject'))} {...register('subject')} maxLength={150} className={inputClass} />
      </FormField>
      <FormField id={`${id}-message`} label={t('message')} error={error('message')}>
        <textarea {...fieldAria(`${id}-message`, error('message'))} {...register('message')} rows={5} maxLength={5000} className={inputClass} />
      </FormField>
      <SubmitButton busy={isSubmitting} label={t('open')} busyLabel={t('opening')} className="w-full sm:w-auto" />
    </form>
  );
}
