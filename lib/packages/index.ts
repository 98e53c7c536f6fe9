export { listPackages } from './list-packages';
export { createPackage } from './create-package';
export { updatePackage } from './update-package';
export { deletePackage } from './delete-package';
export { toApiPackage, type ApiPackage } from './shapes';
export { packageSchema, MAX_PRICE_DOLLARS, type PackageInput } from './schemas';
