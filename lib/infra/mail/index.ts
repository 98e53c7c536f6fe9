export { queueMail, type OutgoingMail } from './queue-mail';
export { deliverQueuedMail, type DeliveryOptions, type DeliveryResult } from './deliver-mail';
export { startMailDelivery } from './start-mail-delivery';
