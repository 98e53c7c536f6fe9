export { createPaymentIntent, type CreateIntentRequest, type CreatedIntent } from './create-payment-intent';
export { quotePackage, type PackageQuote, type PackageQuoteInput } from './quote-payment';
export { settlePayment, type SettleInput, type SettleResult } from './settle-payment';
export { handleStripeWebhook, type WebhookResult } from './handle-webhook';
export { confirmTestCard, authenticateTestCard, type TestCardResult } from './test-processor';
export { listPayments, getPayment, type PaymentView } from './list-payments';
export { getPackageChoices, getSubscriptionOverview, type PackageChoices, type SubscriptionOverview, type OverviewSubscription, type OverviewPackage } from './get-subscription-overview';
export { activeProviderName, paymentClientConfig, processorFor, type PaymentProcessor, type ProcessorIntent, type ProviderName } from './processor';
export { TOPUP_AMOUNTS_CENTS, centsToDollars, packageTotalCents, discountedCents, formatUsd } from './amounts';
