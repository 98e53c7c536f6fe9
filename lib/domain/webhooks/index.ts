export { signWebhook, verifyWebhookSignature, SIGNATURE_HEADER, DEFAULT_TOLERANCE_SECONDS } from './sign';
export { queueOrderWebhook } from './queue-order-webhook';
export { deliverWebhook, type DeliverOptions, type DeliverOutcome } from './deliver-webhook';
export { getWebhook, setWebhook, toDeliveryView, TEST_EVENT_PAYLOAD, type WebhookView, type DeliveryView } from './manage-webhook';
export { sendTestEvent } from './send-test-event';
export { startWebhookWorker } from './webhook-worker';
export { WEBHOOK_RETRY_WINDOW_SECONDS, WEBHOOK_TIMEOUT_MS, webhookRetryDelaySeconds } from './rules';
export { setWebhookSchema, type SetWebhookInput } from './schemas';
