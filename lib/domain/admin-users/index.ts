export { listUsers, listUsersWithPackages, searchUsersWithPackages, USER_SORTS, type UserSearch, type UserSort } from './list-users';
export { createUser } from './create-user';
export { updateUser } from './update-user';
export { deleteUser } from './delete-user';
export { listUserSubscriptions } from './list-user-subscriptions';
export { assignUserPackages, type AssignUserPackagesInput } from './assign-user-packages';
export { resetSubscriptionLimits } from './reset-subscription-limits';
export { cancelSubscription } from './cancel-subscription';
export { type AdminUser, type ActivePackage, type UserSubscription } from './shapes';
export {
  PROFESSIONS,
  MIN_PASSWORD,
  createUserSchema,
  updateUserSchema,
  assignPackagesSchema,
  userListQuerySchema,
  userListPageSchema,
  type UserListPage,
  type CreateUserInput,
  type UpdateUserInput,
} from './schemas';
