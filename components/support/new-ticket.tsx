'use client';

import { useRouter } from '@/lib/infra/i18n/navigation';
import { TicketForm, type TicketableOrder } from './ticket-form';

/** /panel/support's form: after opening, the new ticket's thread is shown. */
export function NewTicket({ orders, defaultOrderId }: { orders: TicketableOrder[]; defaultOrderId?: string }) {
  const router = useRouter();
  return <TicketForm orders={orders} defaultOrderId={defaultOrderId} onCreated={(id) => router.push({ pathname: '/panel/support', query: { ticket: id } })} />;
}
