import 'server-only';

/** The names of a package (a `packages` row or part of one). */
export type PackageNames = { ad: string; nameEn: string | null; nameDe: string | null };

/**
 * A package's name in the reader's language (issue #32 item 6): Turkish is required, English and
 * German optional. German readers get the German name, else the English, else the Turkish one;
 * English readers the English, else the Turkish; everyone else (Turkish, an unknown language) the
 * Turkish name.
 */
export function packageName(names: PackageNames, locale: string): string {
  if (locale === 'de') return names.nameDe || names.nameEn || names.ad;
  if (locale === 'en') return names.nameEn || names.ad;
  return names.ad;
}

/**
 * The name a customer's subscription is shown under. user_packages.paket_adi is the Turkish name
 * copied when it was bought or assigned; it has no translations. The package row it came from is
 * never removed (a delete is soft and the foreign key restricts), so the reader sees that package's
 * current name in their language, as on the pricing page and the receipts (which always read the
 * package's name). The copy is shown only when the package cannot be read with it (`pkg` null: a
 * left join that found nothing). The subscription's limits, unlike its name, stay as they were
 * copied (lib/domain/packages updatePackage).
 */
export function subscriptionName(snapshot: string, pkg: PackageNames | null | undefined, locale: string): string {
  return pkg ? packageName(pkg, locale) : snapshot;
}

/**
 * A notice's facts about a package (lib/domain/notifications params): its Turkish name as `package` and
 * the others as `package_en`/`package_de` when it has them, so the notice reads right in whatever
 * language it is shown (packageNameOfParams).
 */
export function packageNameParams(names: PackageNames): Record<string, string> {
  return { package: names.ad, ...(names.nameEn ? { package_en: names.nameEn } : {}), ...(names.nameDe ? { package_de: names.nameDe } : {}) };
}

/** The package named in a notice's params, in `locale`; undefined when it names none. */
export function packageNameOfParams(params: Record<string, string | number>, locale: string): string | undefined {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const ad = str(params.package);
  if (ad === null) return undefined;
  return packageName({ ad, nameEn: str(params.package_en), nameDe: str(params.package_de) }, locale);
}
