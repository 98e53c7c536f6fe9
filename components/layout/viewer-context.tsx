'use client';

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocale } from 'next-intl';
import { callApi } from '@/components/client/api';
import { usePathname } from '@/lib/infra/i18n/navigation';
import { serviceOfPath, viewerFromAnswer, type ViewerAccount, type ViewerState } from './viewer';

export type { ShellServiceData, ViewerAccount, ViewerState } from './viewer';

const Ctx = createContext<ViewerState>({ phase: 'visitor' });

/** The page's viewer (components/layout/viewer-context.tsx). */
export function useViewerState(): ViewerState {
  return useContext(Ctx);
}

/** Waits between the attempts to read the viewer while the server does not answer (ms). */
const RETRY_MS = [1000, 3000, 10_000, 30_000];

/**
 * Mounted once in the locale layout. `initial` is what the server knew when it rendered: the
 * account, null for a visitor, or 'shell' for the signed-in app shell, which asks the server once
 * (with the page's service, so the limits and balance come in the same answer). A later render of
 * the layout for this customer (router.refresh after logging out or in) replaces the answer.
 */
export function ViewerProvider({ initial, children }: { initial: ViewerAccount | null | 'shell'; children: ReactNode }) {
  const locale = useLocale();
  const pathname = usePathname();
  // The path the shell was loaded at; later client-side navigations render their pages for the customer.
  const [shellPath] = useState(pathname);
  const [fetched, setFetched] = useState<ViewerState>({ phase: 'pending' });
  const shell = initial === 'shell';

  useEffect(() => {
    if (!shell) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const service = serviceOfPath(shellPath);
    const load = async (attempt: number) => {
      const r = await callApi(`/api/users/me/viewer${service ? `?service=${service}` : ''}`, { locale });
      if (stopped) return;
      if (r.ok && r.json) {
        setFetched(viewerFromAnswer(r.body, service));
        return;
      }
      // Down or unreachable: the page stays as it is (no account parts, sending off) and asks again.
      const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
      timer = setTimeout(() => void load(attempt + 1), wait);
    };
    void load(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [shell, shellPath, locale]);

  const state: ViewerState = shell ? fetched : initial ? { phase: 'member', account: initial } : { phase: 'visitor' };
  return <Ctx.Provider value={state}>{children}</Ctx.Provider>;
}

/**
 * The header's account area in the app shell: nothing (a placeholder of the same height) until the
 * server has said who this is, then the customer's menu or, for a session that has ended, the
 * visitor's. Both are rendered on the server; only the choice is made here.
 */
export function AccountSwitch({ member, visitor, placeholder = null }: { member: ReactNode; visitor: ReactNode; placeholder?: ReactNode }) {
  const state = useViewerState();
  if (state.phase === 'pending') return placeholder;
  return state.phase === 'member' ? member : visitor;
}
