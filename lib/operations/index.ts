export { sendOperation, type Sender, type SendResult, type SendOptions } from './send-operation';
export { sendInputSchema, SEND_SCHEMAS, TWEET_MAX, PROMPT_MAX, type SendInput } from './schemas';
export { getOperation } from './get-operation';
export { getLimitInfo, type LimitInfo } from './get-limits';
export { processOrder, type ProcessOptions, type ProcessOutcome } from './process-order';
export { finalizeOrder } from './finalize-order';
export { startOrderWorker, type WorkerOptions } from './order-worker';
export { operationUpdate, clientStatus, durumOf, isFinal, FINAL_STATUSES, type OperationUpdate, type Emit } from './operation-update';
export { localDay, resetIn, nextLocalMidnight, lastLocalDays } from './day';
