export {
  listTransactions,
  DEFAULT_TRANSACTIONS_LIMIT,
  MAX_TRANSACTIONS_LIMIT,
  type Transaction,
  type TransactionPage,
  type ListTransactionsInput,
} from './list-transactions';
export { getPlatformStats, SERIES_DAYS, type PlatformStats, type DayPoint } from './platform-stats';
