export { listPackages, listPackageNames } from './list-packages';
export { createPackage } from './create-package';
export { updatePackage } from './update-package';
export { deletePackage } from './delete-package';
export { toApiPackage, toPublicPackage, type ApiPackage, type PublicPackage } from './shapes';
export { packageName, packageNameOfParams, packageNameParams, subscriptionName, type PackageNames } from './package-name';
export { packageSchema, MAX_PRICE_DOLLARS, PACKAGE_NAME_MAX, type PackageInput } from './schemas';
export { packagePricesVersionSql, pricesOf, withPrices, writePackagePrices, type PackagePrices, type PackageWithPrices } from './package-prices';
