import 'server-only';
export { notify, announceNotifications, renderNotification, type NotifyInput, type NotifyResult } from './notify';
export { getPreferences, updatePreferences, unsubscribeEmail, type Preferences } from './preferences';
export { unsubscribeSignature, verifyUnsubscribeSignature, unsubscribeUrl } from './unsubscribe-token';
export * from './categories';
export { listNotifications, markNotificationsRead, type NotificationView } from './list-notifications';
export { markReadSchema, preferencesSchema, unsubscribeSchema } from './schemas';
export { unsubscribeWithToken } from './unsubscribe';
