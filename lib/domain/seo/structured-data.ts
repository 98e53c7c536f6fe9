import { centsToDecimal } from '@/lib/infra/money';

/**
 * schema.org structured data (JSON-LD) for search engines: the Organization behind the site and
 * the FAQPage of the help drawer's questions.
 */
export function organizationJsonLd(input: { name: string; url: string; logo?: string; description?: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: input.name,
    url: input.url,
    ...(input.logo ? { logo: input.logo } : {}),
    ...(input.description ? { description: input.description } : {}),
  };
}

export function faqJsonLd(items: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script element. */
export function jsonLdString(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * A Product per platform with one Offer per package (schema.org Product/Offer), for /pricing.
 * Prices in integer cents become decimal text ("9.99"), as schema.org's price expects.
 */
export function productOffersJsonLd(input: {
  url: string;
  brand: string;
  products: readonly { name: string; description: string; offers: readonly { name: string; priceCents: number; description?: string }[] }[];
}) {
  return {
    '@context': 'https://schema.org',
    '@graph': input.products.map((product) => ({
      '@type': 'Product',
      name: product.name,
      description: product.description,
      brand: { '@type': 'Brand', name: input.brand },
      offers: product.offers.map((offer) => ({
        '@type': 'Offer',
        name: offer.name,
        ...(offer.description ? { description: offer.description } : {}),
        price: centsToDecimal(offer.priceCents),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: input.url,
      })),
    })),
  };
}
