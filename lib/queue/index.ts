export {
  startQueue,
  stopQueue,
  getQueue,
  enqueueOrder,
  workOrders,
  ORDERS_QUEUE,
  ORDERS_DEAD_QUEUE,
  DEFAULT_ORDER_QUEUE_OPTIONS,
  type OrderJob,
  type OrderJobHandler,
  type StartQueueOptions,
} from './queue';
