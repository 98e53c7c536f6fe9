import 'server-only';
export { featuredPackage, getPriceList, newTweetTiers, type PriceList, type PriceListPackage, type PriceListTier } from './get-price-list';
export { priceListJsonLd } from './price-list-json-ld';
