import 'server-only';
import type { Db } from '@/db/client';
import { logger } from '@/logger';
import { deliverQueuedMail, type DeliveryOptions } from './deliver-mail';
import { setMailKick } from './queue-mail';

/**
 * The delivery loop of one server process: a run every `intervalMs` (retries, mails queued by
 * other processes or inside transactions) and a run shortly after every queueMail() here.
 */
export function startMailDelivery(db: Db, options: DeliveryOptions & { intervalMs?: number; periodic?: boolean } = {}): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const r = await deliverQueuedMail(db, options);
          // A full batch may mean more are waiting.
          if (r.sent + r.logged + r.retried + r.failed >= (options.batch ?? 20)) again = true;
        } catch (err) {
          logger.error({ err }, 'mail delivery run failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  let kickTimer: NodeJS.Timeout | null = null;
  setMailKick(() => {
    if (stopped || kickTimer) return;
    // A short delay lets the caller's transaction commit first.
    kickTimer = setTimeout(() => {
      kickTimer = null;
      void run();
    }, 150);
    kickTimer.unref();
  });

  const interval = options.periodic === false ? null : setInterval(() => void run(), options.intervalMs ?? 15_000);
  interval?.unref();
  void run();

  return {
    stop: async () => {
      stopped = true;
      setMailKick(undefined);
      if (interval) clearInterval(interval);
      if (kickTimer) clearTimeout(kickTimer);
      await running;
    },
  };
}
