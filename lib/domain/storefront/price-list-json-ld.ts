import 'server-only';
import type { Platform, Service } from '@/lib/domain/catalogue/services';
import { productOffersJsonLd } from '@/lib/domain/seo';
import { pricedOn, type PriceList, type PriceListPackage } from './get-price-list';

/**
 * /pricing's structured data: one Product per active platform, one Offer per package at its
 * price on that platform (a package not sold there has none; a platform without one, no Product).
 * The texts come from the caller (the page's translations).
 */
export function priceListJsonLd(
  list: PriceList,
  input: {
    brand: string;
    url: string;
    platformName: (platform: Platform) => string;
    productDescription: (platform: Platform, services: readonly Service[]) => string;
    offerDescription: (pkg: PriceListPackage) => string;
  },
) {
  return productOffersJsonLd({
    url: input.url,
    brand: input.brand,
    products: list.platforms
      .filter(({ platform }) => pricedOn(list.packages, platform).length > 0)
      .map(({ platform, services }) => ({
        name: `${input.brand} – ${input.platformName(platform)}`,
        description: input.productDescription(platform, services),
        offers: pricedOn(list.packages, platform).map((pkg) => ({ name: pkg.name, priceCents: pkg.pricesCents[platform]!, description: input.offerDescription(pkg) })),
      })),
  });
}
