/**
 * The shapes the statistics page reads (spec §3 Platform stats and Transaction, §7 customer
 * statistics calls). The server renders the first view from lib/ with these shapes and the
 * browser gets the same ones from the API afterwards; nothing is computed in the browser. The
 * figures are the server's own types (lib/domain/stats, built on lib/domain/order-figures), imported as types
 * only, so no server code reaches the browser and the two cannot drift apart.
 */
export type { PlatformStats, DayPoint as DailyPoint } from '@/lib/domain/stats';
/** A row of the transaction list: the server's own type (lib/domain/stats), as the API sends it. */
export type { Transaction as PanelTransaction, TransactionPage } from '@/lib/domain/stats';

export type ProfileOutcome = { profile_id: number | string; username?: string | null; result: string; proof_url?: string; text?: string };

export type OperationResults = {
  task_id: string;
  order_number: number;
  status: string;
  success_count: number;
  total_count: number;
  result: ProfileOutcome[];
  /** Issue #38: the order's kept share from the re-checks, and each undone action's make-good. */
  kept?: { checked: number; kept: number; share: number | null };
  make_goods?: MakeGood[];
};

/** One action a re-check found undone and how it was made good (GET /api/operations/{task_id}, issue #38 item 2). */
export type MakeGood = {
  profile_id: number;
  state: 'open' | 'redoing' | 'redone' | 'refunded';
  undone_day: number;
  by_username: string | null;
  refund: string;
  usage_returned: boolean;
};

/** §9: transactions are fetched 20 at a time, 2 rows are shown, "load more" adds 5. */
export const FETCH_LIMIT = 20;
export const INITIAL_ROWS = 2;
export const MORE_ROWS = 5;
