import 'server-only';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/infra/errors';
import type { NotificationKind } from './categories';
import { unsubscribeEmail } from './preferences';
import { verifyUnsubscribeSignature } from './unsubscribe-token';

/** The one-click unsubscribe of a mail's link: checks the signature, turns the category's mails off (idempotent). */
export async function unsubscribeWithToken(db: Db, input: { u: number; c: NotificationKind; s: string }): Promise<void> {
  if (!(await verifyUnsubscribeSignature(db, input.u, input.c, input.s))) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
  await unsubscribeEmail(db, input.u, input.c);
}
